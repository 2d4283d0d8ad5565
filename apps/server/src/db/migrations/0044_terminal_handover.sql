-- A re-assigned terminal starts clean (docs/security.md, "Re-assigned terminals"). When a terminal
-- changes owner — assigned, returned to stock, claimed by a vehicle of another account, imported —
-- whatever it last said belongs to the previous owner: its latest fix (position, ACC, mileage,
-- alarms), its e-bike state, and when it was last heard if it is offline now; and what the previous
-- owner told it and it has not received yet (queued commands: a cut-off or a lock) is not sent;
-- and it leaves the previous owner's pet or 新国标 registration.
-- One trigger, so every statement that moves a terminal (terminals.queries, import.queries, any
-- later one) obeys it.
-- History (positions, alarms, reports) stays for the platform administrator and is read by the new
-- owner from assigned_at on (core/handover.ts); the gateway does not make a fix older than
-- handed_over_at the latest.

-- When the terminal last changed hands with a past: what it said before then (fixes, reports,
-- battery, steps) is a previous holder's. NULL while it has never changed hands after speaking, so
-- a terminal put in its first account keeps what it reports with an old clock (a GPS week rollover,
-- a replayed track) — the rule is about another tenant's data, not about clocks.
ALTER TABLE terminals ADD COLUMN handed_over_at timestamptz;

CREATE FUNCTION terminal_handed_over() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- Whole seconds: terminals stamp fixes to the second (JT/T 808's BCD time), so a fix of the
  -- hand-over's own second is the new owner's, never dropped as the old owner's past.
  NEW.assigned_at := CASE WHEN NEW.account_id IS NULL THEN NULL ELSE date_trunc('second', now()) END;
  IF OLD.handed_over_at IS NOT NULL OR OLD.last_seen_at IS NOT NULL OR EXISTS (SELECT 1 FROM latest_positions WHERE terminal_id = NEW.id) THEN
    NEW.handed_over_at := date_trunc('second', now());
  END IF;
  -- Online now is the present, seen by the new owner too; offline since when is the old owner's.
  IF NOT NEW.online THEN
    NEW.last_seen_at := NULL;
    NEW.online_changed_at := NULL;
  END IF;
  DELETE FROM latest_positions WHERE terminal_id = NEW.id;
  DELETE FROM ebike_states WHERE terminal_id = NEW.id;
  UPDATE commands SET status = 'expired' WHERE terminal_id = NEW.id AND status = 'queued';
  -- A terminal leaves the asset of another account it was in, as it leaves a vehicle (assignTerminals).
  UPDATE pets SET terminal_id = NULL WHERE terminal_id = NEW.id AND account_id IS DISTINCT FROM NEW.account_id;
  UPDATE elec_gb_bikes SET terminal_id = NULL WHERE terminal_id = NEW.id AND account_id IS DISTINCT FROM NEW.account_id;
  RETURN NEW;
END;
$$;

CREATE TRIGGER terminals_handed_over BEFORE UPDATE OF account_id ON terminals
  FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id) EXECUTE FUNCTION terminal_handed_over();
