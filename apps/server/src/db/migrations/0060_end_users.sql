-- 掌上车联's end users (docs/end-users.md): an operator invites a person by phone to an asset; the
-- person is an account of kind 'person' (个人用户) directly under the asset's account, and the
-- asset's terminal (with its pet or vehicle row) moves into it. One row per invitation of a terminal;
-- revoked_at is set when the asset went back to the operator.
CREATE TABLE end_user_assets (
  id bigserial PRIMARY KEY,
  person_account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  terminal_id bigint NOT NULL REFERENCES terminals(id) ON DELETE CASCADE,
  persona text NOT NULL,
  invited_by bigint REFERENCES users(id) ON DELETE SET NULL,
  invited_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
-- A terminal is held by one person at a time.
CREATE UNIQUE INDEX end_user_assets_live_idx ON end_user_assets (terminal_id) WHERE revoked_at IS NULL;
CREATE INDEX end_user_assets_person_idx ON end_user_assets (person_account_id);

-- The hand-over rule (0044) with one exception: a move between an account and a 个人用户 account
-- directly under it — an invitation and its revocation — does not change hands. The operator keeps
-- seeing the asset (it stays in its subtree) with its history, and the invited owner sees the pet
-- where it is now: nothing is cleared and nothing is cut. (An asset invited to a different person
-- than the one who last held it is cut by the invitation itself: modules/endUsers.)
CREATE OR REPLACE FUNCTION terminal_handed_over() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.account_id IS NOT NULL AND NEW.account_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM accounts p
     WHERE p.kind = 'person'
       AND ((p.id = NEW.account_id AND p.parent_id = OLD.account_id) OR (p.id = OLD.account_id AND p.parent_id = NEW.account_id))
  ) THEN
    RETURN NEW;
  END IF;
  NEW.assigned_at := CASE WHEN NEW.account_id IS NULL THEN NULL ELSE date_trunc('second', now()) END;
  IF OLD.handed_over_at IS NOT NULL OR OLD.last_seen_at IS NOT NULL OR EXISTS (SELECT 1 FROM latest_positions WHERE terminal_id = NEW.id) THEN
    NEW.handed_over_at := date_trunc('second', now());
  END IF;
  IF NOT NEW.online THEN
    NEW.last_seen_at := NULL;
    NEW.online_changed_at := NULL;
  END IF;
  DELETE FROM latest_positions WHERE terminal_id = NEW.id;
  DELETE FROM ebike_states WHERE terminal_id = NEW.id;
  UPDATE commands SET status = 'expired' WHERE terminal_id = NEW.id AND status = 'queued';
  UPDATE pets SET terminal_id = NULL WHERE terminal_id = NEW.id AND account_id IS DISTINCT FROM NEW.account_id;
  UPDATE elec_gb_bikes SET terminal_id = NULL WHERE terminal_id = NEW.id AND account_id IS DISTINCT FROM NEW.account_id;
  RETURN NEW;
END;
$$;
