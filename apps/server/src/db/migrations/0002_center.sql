-- System centre: station messages and announcements, alarm and push settings, exports, dictionary.

CREATE TABLE help_messages (
  id bigserial PRIMARY KEY,
  -- NULL account = every account (platform announcement); NULL user = every user of the account subtree.
  account_id bigint REFERENCES accounts(id),
  user_id bigint REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  title text NOT NULL,
  content text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX help_messages_created_idx ON help_messages (created_at DESC);

CREATE TABLE help_message_reads (
  message_id bigint NOT NULL REFERENCES help_messages(id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  read_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (message_id, user_id)
);

CREATE TABLE alarm_controls (
  account_id bigint NOT NULL REFERENCES accounts(id),
  alarm_type text NOT NULL,
  enabled boolean NOT NULL,
  sound boolean NOT NULL,
  popup boolean NOT NULL,
  PRIMARY KEY (account_id, alarm_type)
);

CREATE TABLE alarm_push (
  account_id bigint NOT NULL REFERENCES accounts(id),
  alarm_type text NOT NULL,
  enabled boolean NOT NULL,
  channels text NOT NULL DEFAULT 'web',
  quiet_start text NOT NULL DEFAULT '',
  quiet_end text NOT NULL DEFAULT '',
  PRIMARY KEY (account_id, alarm_type)
);

CREATE TABLE export_jobs (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  report_type text NOT NULL,
  params jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'queued',
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  file_name text NOT NULL DEFAULT '',
  content bytea,
  size integer NOT NULL DEFAULT 0,
  error text NOT NULL DEFAULT ''
);
CREATE INDEX export_jobs_user_idx ON export_jobs (user_id, created_at DESC);
CREATE INDEX export_jobs_status_idx ON export_jobs (status) WHERE status = 'queued';

CREATE TABLE dictionary (
  type text NOT NULL,
  value text NOT NULL,
  label text NOT NULL,
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (type, value)
);
