-- 智能工牌 (card): a staff member is a vehicle of type 'badge' (so the position, alarm, command,
-- playback and fence machinery serve them unchanged) with this profile; the badge is the vehicle's
-- terminal, so one badge per person and one person per badge hold by vehicles.terminal_id UNIQUE.

CREATE TABLE card_teams (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  parent_id bigint REFERENCES card_teams(id) ON DELETE CASCADE,
  name text NOT NULL,
  shift_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_teams_account_idx ON card_teams (account_id);

CREATE TABLE card_staff (
  vehicle_id bigint PRIMARY KEY REFERENCES vehicles(id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  staff_no text NOT NULL,
  job text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  team_id bigint REFERENCES card_teams(id) ON DELETE SET NULL,
  -- the person's own shift; NULL: the team's
  shift_id bigint,
  photo bytea,
  photo_type text,
  remark text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX card_staff_no_idx ON card_staff (account_id, staff_no);
CREATE INDEX card_staff_team_idx ON card_staff (team_id);

-- Every binding of a badge to a person, open while unbound_at is NULL.
CREATE TABLE card_badge_bindings (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  identifier text NOT NULL,
  bound_at timestamptz NOT NULL DEFAULT now(),
  bound_by text NOT NULL DEFAULT '',
  unbound_at timestamptz,
  unbound_by text NOT NULL DEFAULT ''
);
CREATE INDEX card_badge_bindings_staff_idx ON card_badge_bindings (staff_id, bound_at DESC);
CREATE INDEX card_badge_bindings_terminal_idx ON card_badge_bindings (terminal_id, bound_at);

-- A responsibility area: a geofence (drawn with the fence tools) given to a person or a team.
CREATE TABLE card_areas (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  geofence_id bigint NOT NULL REFERENCES geofences(id) ON DELETE CASCADE,
  staff_id bigint REFERENCES vehicles(id) ON DELETE CASCADE,
  team_id bigint REFERENCES card_teams(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((staff_id IS NULL) <> (team_id IS NULL))
);
CREATE INDEX card_areas_account_idx ON card_areas (account_id);

-- Shifts: workdays (ISO 1..7), holidays off, special working days, up to four periods a day
-- ([{start:'08:00', end:'12:00'}], Beijing time), late/early thresholds, clock points
-- ([{name, lat, lon, radius, beacon}]).
CREATE TABLE card_shifts (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  weekdays smallint[] NOT NULL DEFAULT '{1,2,3,4,5}',
  holidays date[] NOT NULL DEFAULT '{}',
  workdays date[] NOT NULL DEFAULT '{}',
  periods jsonb NOT NULL,
  late_minutes integer NOT NULL DEFAULT 5,
  early_minutes integer NOT NULL DEFAULT 5,
  clock_points jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_shifts_account_idx ON card_shifts (account_id);

-- A supervisor's correction of one person's day and period; the newest wins, all are kept.
CREATE TABLE card_attendance_corrections (
  id bigserial PRIMARY KEY,
  staff_id bigint NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
  day date NOT NULL,
  period smallint NOT NULL,
  status text NOT NULL,
  note text NOT NULL DEFAULT '',
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  user_name text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_attendance_corrections_idx ON card_attendance_corrections (staff_id, day);

-- Patrols (巡更): checkpoints by GPS radius or beacon, routes of checkpoints, plans.
CREATE TABLE card_checkpoints (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  lat double precision NOT NULL,
  lon double precision NOT NULL,
  radius_m integer NOT NULL DEFAULT 50,
  beacon text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_checkpoints_account_idx ON card_checkpoints (account_id);

CREATE TABLE card_patrol_plans (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  -- the route: checkpoints in order
  checkpoint_ids bigint[] NOT NULL,
  weekdays smallint[] NOT NULL DEFAULT '{1,2,3,4,5,6,7}',
  -- [{start:'09:00', end:'10:00'}]: each window is one run
  windows jsonb NOT NULL,
  late_minutes integer NOT NULL DEFAULT 15,
  staff_ids bigint[] NOT NULL DEFAULT '{}',
  team_id bigint REFERENCES card_teams(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_patrol_plans_account_idx ON card_patrol_plans (account_id);

-- A run whose missed-checkpoint alarm was raised (once per plan, day and window).
CREATE TABLE card_patrol_alarms (
  plan_id bigint NOT NULL REFERENCES card_patrol_plans(id) ON DELETE CASCADE,
  day date NOT NULL,
  window_index smallint NOT NULL,
  PRIMARY KEY (plan_id, day, window_index)
);

-- Per account: the thresholds of the derived alarms.
CREATE TABLE card_rules (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  off_post_minutes integer NOT NULL DEFAULT 10,
  standstill_minutes integer NOT NULL DEFAULT 30,
  gathering_count integer NOT NULL DEFAULT 3,
  gathering_radius_m integer NOT NULL DEFAULT 20,
  gathering_minutes integer NOT NULL DEFAULT 10
);

-- The derived alarms' state per person, so each stretch raises one alarm (compare-and-set).
CREATE TABLE card_alarm_state (
  staff_id bigint PRIMARY KEY REFERENCES vehicles(id) ON DELETE CASCADE,
  off_post_since timestamptz,
  off_post_alarmed boolean NOT NULL DEFAULT false,
  still_since timestamptz,
  still_lat double precision,
  still_lon double precision,
  still_alarmed boolean NOT NULL DEFAULT false,
  gathering_since timestamptz,
  gathering_alarmed boolean NOT NULL DEFAULT false
);
