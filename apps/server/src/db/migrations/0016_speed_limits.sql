-- Speed limits for the overspeed report (超速报表): a vehicle's own, and a fence's, which applies
-- to the fixes inside it and wins over the vehicle's. NULL: none (the vehicle falls back to the
-- platform default, OVERSPEED_DEFAULT_LIMIT_KMH; a fence without one sets no limit).
ALTER TABLE vehicles ADD COLUMN speed_limit_kmh real CHECK (speed_limit_kmh > 0 AND speed_limit_kmh <= 300);
ALTER TABLE geofences ADD COLUMN speed_limit_kmh real CHECK (speed_limit_kmh > 0 AND speed_limit_kmh <= 300);
