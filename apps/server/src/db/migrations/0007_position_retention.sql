-- Position retention: daily partitions made ahead and dropped past the retention, by the jobs
-- role (modules/positions/positionRetention.service.ts). Several processes may call these at
-- once (gateways make partitions too): one transaction-scoped advisory lock serialises them, so
-- two callers never both find a day missing and race to create it, or drop what another reads.

CREATE OR REPLACE FUNCTION ensure_position_partitions(from_day date, to_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  d date := from_day;
  part text;
  lo timestamptz;
  hi timestamptz;
  made integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(80808809);
  WHILE d <= to_day LOOP
    part := 'positions_' || to_char(d, 'YYYYMMDD');
    IF to_regclass(part) IS NULL THEN
      lo := d::timestamp AT TIME ZONE 'UTC';
      hi := (d + 1)::timestamp AT TIME ZONE 'UTC';
      CREATE TEMP TABLE IF NOT EXISTS moving_positions (LIKE positions) ON COMMIT DROP;
      WITH moved AS (DELETE FROM positions_default WHERE gps_time >= lo AND gps_time < hi RETURNING *)
        INSERT INTO moving_positions SELECT * FROM moved;
      EXECUTE format('CREATE TABLE %I PARTITION OF positions FOR VALUES FROM (%L) TO (%L)', part, lo, hi);
      INSERT INTO positions SELECT * FROM moving_positions;
      DELETE FROM moving_positions;
      made := made + 1;
    END IF;
    d := d + 1;
  END LOOP;
  RETURN made;
END;
$$;

-- Drops the daily partitions of days before before_day (UTC) and deletes rows that old from the
-- default partition (terminals with a wrong clock). Returns how many partitions it dropped.
CREATE FUNCTION drop_position_partitions(before_day date) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  part record;
  dropped integer := 0;
BEGIN
  PERFORM pg_advisory_xact_lock(80808809);
  FOR part IN
    SELECT n.nspname, c.relname
      FROM pg_inherits i
      JOIN pg_class c ON c.oid = i.inhrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE i.inhparent = 'positions'::regclass
       AND c.relname ~ '^positions_[0-9]{8}$'
       AND to_date(substr(c.relname, 11), 'YYYYMMDD') < before_day
  LOOP
    EXECUTE format('DROP TABLE IF EXISTS %I.%I', part.nspname, part.relname);
    dropped := dropped + 1;
  END LOOP;
  DELETE FROM positions_default WHERE gps_time < before_day::timestamp AT TIME ZONE 'UTC';
  RETURN dropped;
END;
$$;
