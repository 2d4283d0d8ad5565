-- A re-assigned terminal starts clean (docs/security.md, "Re-assigned terminals"). When a terminal
-- changes owner — assigned, returned to stock, claimed by a vehicle of another account, imported —
-- whatever it last said belongs to the previous owner: its latest fix (position, ACC, mileage,
-- alarms), its e-bike state, and when it was last heard if it is offline now. One trigger, so every
-- statement that moves a terminal (terminals.queries, import.queries, any later one) obeys it.
-- History (positions, alarms, reports) stays for the platform administrator and is read by the new
-- owner from assigned_at on; the gateway does not make a fix older than assigned_at the latest.

CREATE FUNCTION terminal_handed_over() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.assigned_at := CASE WHEN NEW.account_id IS NULL THEN NULL ELSE now() END;
  -- Online now is the present, seen by the new owner too; offline since when is the old owner's.
  IF NOT NEW.online THEN
    NEW.last_seen_at := NULL;
    NEW.online_changed_at := NULL;
  END IF;
  DELETE FROM latest_positions WHERE terminal_id = NEW.id;
  DELETE FROM ebike_states WHERE terminal_id = NEW.id;
  RETURN NEW;
END;
$$;

CREATE TRIGGER terminals_handed_over BEFORE UPDATE OF account_id ON terminals
  FOR EACH ROW WHEN (OLD.account_id IS DISTINCT FROM NEW.account_id) EXECUTE FUNCTION terminal_handed_over();
