-- 品牌设置: a host belongs to an account (NULL = the platform's own); icons uploaded for it.
ALTER TABLE branding ADD COLUMN account_id bigint REFERENCES accounts(id);
ALTER TABLE branding ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

CREATE TABLE brand_icons (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- 内容发布: one publication fans out into one help_messages row per recipient account.
CREATE TABLE notice_publications (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  user_id bigint REFERENCES users(id) ON DELETE SET NULL,
  type text NOT NULL,
  title text NOT NULL,
  html text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notice_publications_account_idx ON notice_publications (account_id, created_at DESC);

ALTER TABLE help_messages ADD COLUMN html text;
ALTER TABLE help_messages ADD COLUMN publication_id bigint REFERENCES notice_publications(id) ON DELETE CASCADE;
CREATE INDEX help_messages_publication_idx ON help_messages (publication_id);
