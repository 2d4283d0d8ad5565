-- Core: accounts (a tree), roles and resources, users, sessions, login security, settings.
-- Written for PostgreSQL 15 (the machines' server) and PGlite (PostgreSQL 18) alike.

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- path is the materialised ancestry '/1/5/9/': a subtree is path LIKE '/1/5/%'.
CREATE TABLE accounts (
  id bigserial PRIMARY KEY,
  parent_id bigint REFERENCES accounts(id),
  path text NOT NULL DEFAULT '',
  name text NOT NULL,
  kind text NOT NULL DEFAULT 'customer',
  contact text NOT NULL DEFAULT '',
  phone text NOT NULL DEFAULT '',
  enabled boolean NOT NULL DEFAULT true,
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX accounts_path_idx ON accounts (path text_pattern_ops);

CREATE TABLE resources (
  id integer PRIMARY KEY,
  parent_id integer NOT NULL DEFAULT 0,
  name text NOT NULL,
  type integer NOT NULL,
  code text NOT NULL UNIQUE,
  path text NOT NULL DEFAULT '',
  icon text NOT NULL DEFAULT '',
  platform_id integer NOT NULL DEFAULT 0,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE roles (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  is_admin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role_resources (
  role_id bigint NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
  resource_id integer NOT NULL REFERENCES resources(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, resource_id)
);

CREATE TABLE users (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  role_id bigint NOT NULL REFERENCES roles(id),
  username text NOT NULL UNIQUE,
  name text NOT NULL DEFAULT '',
  password_hash text NOT NULL,
  phone text NOT NULL DEFAULT '',
  email text NOT NULL DEFAULT '',
  wx_openid text NOT NULL DEFAULT '',
  wx_nickname text NOT NULL DEFAULT '',
  chat_logo text NOT NULL DEFAULT '',
  theme text NOT NULL DEFAULT 'default',
  privacy jsonb NOT NULL DEFAULT '{"showPhone":false,"shareLocation":true,"allowAssistant":true}',
  is_platform_admin boolean NOT NULL DEFAULT false,
  enabled boolean NOT NULL DEFAULT true,
  last_login_at timestamptz,
  last_login_ip text NOT NULL DEFAULT '',
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_phone_idx ON users (phone) WHERE phone <> '';

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  ip text NOT NULL DEFAULT '',
  user_agent text NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE login_failures (
  id bigserial PRIMARY KEY,
  username text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_user_idx ON login_failures (username, at);

CREATE TABLE captchas (
  code_key text PRIMARY KEY,
  answer text NOT NULL,
  expires_at timestamptz NOT NULL
);

CREATE TABLE sms_codes (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  purpose text NOT NULL,
  code text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX sms_codes_phone_idx ON sms_codes (phone, created_at);

CREATE TABLE sms_outbox (
  id bigserial PRIMARY KEY,
  phone text NOT NULL,
  content text NOT NULL,
  provider text NOT NULL,
  status text NOT NULL DEFAULT 'sent',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE branding (
  host text PRIMARY KEY,
  icon_url text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  keyword text NOT NULL DEFAULT '',
  title text NOT NULL DEFAULT '',
  legacy_login boolean NOT NULL DEFAULT false
);
