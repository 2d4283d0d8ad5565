-- The operation log (操作日志): every write through the API, who, from where, what, on which object.
CREATE TABLE audit_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  user_id bigint,
  username text NOT NULL DEFAULT '',
  -- the caller's account path ('/1/5/'): readers see their own subtree only; '/' for calls without a session
  account_path text NOT NULL,
  ip text NOT NULL DEFAULT '',
  method text NOT NULL,
  path text NOT NULL,
  action text NOT NULL,
  object_type text NOT NULL DEFAULT '',
  object_id text NOT NULL DEFAULT '',
  ok boolean NOT NULL,
  error_code text NOT NULL DEFAULT '',
  -- the input as sent (secrets masked) and, where the service told, the fields before and after
  input jsonb NOT NULL DEFAULT '{}',
  changes jsonb
);
CREATE INDEX audit_log_scope_idx ON audit_log (account_path text_pattern_ops, at DESC);
CREATE INDEX audit_log_at_idx ON audit_log (at);
