-- 宠物卫士 safe zones (docs/pet.md): a pet's home circles and polygons, each raising 离开安全区域 /
-- 进入安全区域 when on; and per zone the smoothed state the zone engine keeps (zoneSmoothing.ts):
-- which side the pet is on, how many fixes in a row lay on the other side, and the device time of
-- the last fix handled (older fixes are skipped).
CREATE TABLE pet_zones (
  id bigserial PRIMARY KEY,
  pet_id bigint NOT NULL REFERENCES pets(id) ON DELETE CASCADE,
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('circle', 'polygon')),
  -- circle: {"center":[lon,lat],"radiusMeters":r}; polygon: {"rings":[[[lon,lat],...]]}
  geometry jsonb NOT NULL,
  alarm_exit boolean NOT NULL DEFAULT true,
  alarm_enter boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pet_zones_pet_idx ON pet_zones (pet_id);

CREATE TABLE pet_zone_states (
  zone_id bigint PRIMARY KEY REFERENCES pet_zones(id) ON DELETE CASCADE,
  inside boolean,
  pending integer NOT NULL DEFAULT 0,
  last_fix_at timestamptz
);
