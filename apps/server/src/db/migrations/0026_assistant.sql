-- AI智能助手: each user's conversation, kept on the server so it follows the user from browser to
-- browser. role 'user' is a question, 'assistant' an answer with its action buttons and the
-- closest suggestions offered when it had no answer.
CREATE TABLE assistant_messages (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  text text NOT NULL,
  -- 'question' | 'knowledge' | 'data' | 'model' | 'unknown' | 'denied'
  kind text NOT NULL DEFAULT 'question',
  source text NOT NULL DEFAULT '',
  actions jsonb NOT NULL DEFAULT '[]',
  suggestions jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assistant_messages_user ON assistant_messages (user_id, id);
