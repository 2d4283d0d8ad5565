-- Alarms that leave the platform (docs/alarm-delivery.md): where each account's alarms go
-- (browser, SMS, webhook, MQTT), the delivery queue the 'jobs' role works, and its log.

-- Rate limit per vehicle and type: at most one push per this many minutes (0: every alarm).
ALTER TABLE alarm_push ADD COLUMN min_interval_minutes integer NOT NULL DEFAULT 5;

-- One row per account that set up a destination. Secrets are kept to sign and log in, never shown.
CREATE TABLE alarm_push_targets (
  account_id bigint PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
  -- comma-separated mainland mobile numbers
  sms_phones text NOT NULL DEFAULT '',
  webhook_url text NOT NULL DEFAULT '',
  webhook_secret text NOT NULL DEFAULT '',
  mqtt_url text NOT NULL DEFAULT '',
  mqtt_username text NOT NULL DEFAULT '',
  mqtt_password text NOT NULL DEFAULT '',
  mqtt_topic_prefix text NOT NULL DEFAULT 'chelian',
  -- positions of the account's vehicles are published too (at most once, not queued)
  mqtt_positions boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- An alarm the jobs role has decided the deliveries of: the key makes that decision happen once
-- however many processes see the alarm.
CREATE TABLE alarm_dispatch (
  alarm_id bigint PRIMARY KEY REFERENCES alarms(id) ON DELETE CASCADE,
  planned_at timestamptz NOT NULL DEFAULT now()
);
-- The planner looks for recent alarms without a dispatch row.
CREATE INDEX alarms_received_idx ON alarms (received_at);

-- One message to one destination. status: pending → sending → sent | retrying (→ sending …) | failed;
-- skipped (quiet hours, rate limit, no destination set up) is recorded so an operator sees why.
CREATE TABLE alarm_deliveries (
  id bigserial PRIMARY KEY,
  alarm_id bigint NOT NULL REFERENCES alarms(id) ON DELETE CASCADE,
  -- whose settings sent it (the alarm's account or one above it)
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  channel text NOT NULL,
  target text NOT NULL DEFAULT '',
  status text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_at timestamptz,
  -- what is sent, fixed when planned so every attempt sends the same alarm
  payload jsonb NOT NULL,
  http_status integer,
  last_error text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (alarm_id, account_id, channel, target)
);
CREATE INDEX alarm_deliveries_due_idx ON alarm_deliveries (next_at) WHERE status IN ('pending', 'retrying');
CREATE INDEX alarm_deliveries_sending_idx ON alarm_deliveries (updated_at) WHERE status = 'sending';
-- Browsers of an account fetch its new notifications by id.
CREATE INDEX alarm_deliveries_browser_idx ON alarm_deliveries (account_id, id) WHERE channel = 'web' AND status = 'sent';
CREATE INDEX alarm_deliveries_trouble_idx ON alarm_deliveries (account_id, updated_at DESC) WHERE status IN ('failed', 'retrying');

-- Every attempt of a delivery: when, how it ended, the HTTP status or the error in Chinese.
CREATE TABLE alarm_delivery_attempts (
  delivery_id bigint NOT NULL REFERENCES alarm_deliveries(id) ON DELETE CASCADE,
  attempt integer NOT NULL,
  at timestamptz NOT NULL DEFAULT now(),
  ok boolean NOT NULL,
  http_status integer,
  error text NOT NULL DEFAULT '',
  duration_ms integer NOT NULL DEFAULT 0,
  PRIMARY KEY (delivery_id, attempt)
);

-- When an account was last told of a vehicle's alarm type (the rate limit), one row locked per decision.
CREATE TABLE alarm_push_marks (
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  alarm_type text NOT NULL,
  last_at timestamptz NOT NULL,
  PRIMARY KEY (account_id, terminal_id, alarm_type)
);

-- A named task only one process runs at a time (MQTT position forwarding): held while renewed.
CREATE TABLE job_leases (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
