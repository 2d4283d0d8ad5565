-- An alarm and a command are of the asset their terminal sat in when they were raised or sent
-- (docs/asset-kinds.md): a person's SOS stays theirs, and a pet's zone exit the pet's, after the
-- badge is unbound or the collar taken off (read from the terminal's asset now, they then counted
-- as a vehicle's in 智能车联). Stamped at insert by a trigger, so every path that raises an alarm
-- or sends a command is covered; NULL: the terminal sat in no asset (listed with the vehicles').
-- terminal_asset_kind reads a terminal's kind as core/assetKinds.ts terminalKind does (that one
-- written out in queries: PostgreSQL does not inline this function).
CREATE FUNCTION terminal_asset_kind(terminal bigint) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT COALESCE((SELECT kv.type FROM vehicles kv WHERE kv.terminal_id = terminal),
                  (SELECT 'pet' FROM pets kp WHERE kp.terminal_id = terminal),
                  (SELECT 'ebike' FROM elec_gb_bikes kg WHERE kg.terminal_id = terminal))
$$;

ALTER TABLE alarms ADD COLUMN asset_kind text;
ALTER TABLE commands ADD COLUMN asset_kind text;
UPDATE alarms al SET asset_kind = COALESCE((SELECT v.type FROM vehicles v WHERE v.id = al.vehicle_id), terminal_asset_kind(al.terminal_id));
UPDATE commands c SET asset_kind = terminal_asset_kind(c.terminal_id);

CREATE FUNCTION alarm_asset_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.asset_kind := COALESCE((SELECT v.type FROM vehicles v WHERE v.id = NEW.vehicle_id), terminal_asset_kind(NEW.terminal_id));
  RETURN NEW;
END $$;
CREATE TRIGGER alarms_asset_kind BEFORE INSERT ON alarms FOR EACH ROW EXECUTE FUNCTION alarm_asset_kind();

CREATE FUNCTION command_asset_kind() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.asset_kind := terminal_asset_kind(NEW.terminal_id);
  RETURN NEW;
END $$;
CREATE TRIGGER commands_asset_kind BEFORE INSERT ON commands FOR EACH ROW EXECUTE FUNCTION command_asset_kind();
