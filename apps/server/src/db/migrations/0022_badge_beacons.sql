-- Work badges (docs/protocols.md, GT06 0xB2): every Bluetooth beacon a badge clocked in at or
-- heard, as received. The card sub-product matches `mac` against its clock points and patrol
-- checkpoints; `at` is the badge's own time of the sighting.
CREATE TABLE badge_beacon_events (
  id bigserial PRIMARY KEY,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  at timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  clock text NOT NULL CHECK (clock IN ('in', 'out', 'seen')),
  mac text NOT NULL,
  uuid text NOT NULL,
  major integer NOT NULL,
  minor integer NOT NULL,
  rssi smallint NOT NULL,
  battery smallint
);
CREATE INDEX badge_beacon_events_terminal_at_idx ON badge_beacon_events (terminal_id, at);
