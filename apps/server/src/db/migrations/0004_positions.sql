-- Positions (partitioned by UTC day), the latest position per terminal, alarms and commands.

-- Append-only and large: no primary key (the terminal's retransmissions are rare and harmless);
-- written with COPY in batches. A track is read by (terminal_id, gps_time).
CREATE TABLE positions (
  terminal_id bigint NOT NULL,
  gps_time timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  speed real NOT NULL DEFAULT 0,
  course smallint NOT NULL DEFAULT 0,
  altitude real NOT NULL DEFAULT 0,
  valid boolean NOT NULL DEFAULT true,
  satellites smallint,
  acc boolean,
  mileage double precision,
  alarms text[] NOT NULL DEFAULT '{}',
  extras jsonb
) PARTITION BY RANGE (gps_time);
CREATE INDEX positions_terminal_time_idx ON positions (terminal_id, gps_time);
-- Catches times no daily partition covers (a terminal with a wrong clock, a day not yet made).
CREATE TABLE positions_default PARTITION OF positions DEFAULT;

-- Makes the daily partitions from_day..to_day that do not exist yet. Rows already sitting in the
-- default partition for such a day are moved into it (PostgreSQL refuses the partition otherwise).
CREATE FUNCTION ensure_position_partitions(from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  d date := from_day;
  part text;
  lo timestamptz;
  hi timestamptz;
  made integer := 0;
BEGIN
  WHILE d <= to_day LOOP
    part := 'positions_' || to_char(d, 'YYYYMMDD');
    IF to_regclass(part) IS NULL THEN
      lo := d::timestamp AT TIME ZONE 'UTC';
      hi := (d + 1)::timestamp AT TIME ZONE 'UTC';
      CREATE TEMP TABLE IF NOT EXISTS moving_positions (LIKE positions) ON COMMIT DROP;
      WITH moved AS (DELETE FROM positions_default WHERE gps_time >= lo AND gps_time < hi RETURNING *)
        INSERT INTO moving_positions SELECT * FROM moved;
      EXECUTE format('CREATE TABLE %I PARTITION OF positions FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
      INSERT INTO positions SELECT * FROM moving_positions;
      DELETE FROM moving_positions;
      made := made + 1;
    END IF;
    d := d + 1;
  END LOOP;
  RETURN made;
END;
$$;

CREATE TABLE latest_positions (
  terminal_id bigint PRIMARY KEY REFERENCES terminals(id) ON DELETE CASCADE,
  gps_time timestamptz NOT NULL,
  received_at timestamptz NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  speed real NOT NULL DEFAULT 0,
  course smallint NOT NULL DEFAULT 0,
  altitude real NOT NULL DEFAULT 0,
  valid boolean NOT NULL DEFAULT true,
  satellites smallint,
  acc boolean,
  mileage double precision,
  alarms text[] NOT NULL DEFAULT '{}',
  extras jsonb
);

CREATE TABLE alarms (
  id bigserial PRIMARY KEY,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  -- The owner when the alarm happened: a later owner does not inherit it.
  account_id bigint REFERENCES accounts(id),
  vehicle_id bigint REFERENCES vehicles(id) ON DELETE SET NULL,
  type text NOT NULL,
  alarm_time timestamptz NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  lat double precision,
  lon double precision,
  speed real,
  handled boolean NOT NULL DEFAULT false,
  handled_by bigint REFERENCES users(id) ON DELETE SET NULL,
  handled_at timestamptz,
  handle_note text NOT NULL DEFAULT ''
);
CREATE INDEX alarms_account_time_idx ON alarms (account_id, alarm_time DESC);
CREATE INDEX alarms_terminal_time_idx ON alarms (terminal_id, alarm_time DESC);
CREATE INDEX alarms_unhandled_idx ON alarms (alarm_time DESC) WHERE NOT handled;

-- queued → sent → replied; or expired (never reached the terminal), failed, unsupported.
CREATE TABLE commands (
  id bigserial PRIMARY KEY,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  type text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued',
  serial integer,
  reply_key text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  sent_at timestamptz,
  replied_at timestamptz,
  reply_success boolean,
  reply_text text NOT NULL DEFAULT ''
);
CREATE INDEX commands_queued_idx ON commands (terminal_id, id) WHERE status = 'queued';
CREATE INDEX commands_sent_idx ON commands (terminal_id, reply_key) WHERE status = 'sent';
CREATE INDEX commands_terminal_idx ON commands (terminal_id, created_at DESC);
