-- Geofences (circles and polygons, WGS-84) per account, attached to vehicles, with the inside
-- state per vehicle and fence so enter/exit alarms survive restarts and are raised once.

CREATE TABLE geofences (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('circle', 'polygon')),
  -- circle: centre and radius in metres
  center_lon double precision,
  center_lat double precision,
  radius_m double precision,
  -- polygon: [[[lon, lat], ...], ...] outer ring first, then holes
  rings jsonb,
  alarm_enter boolean NOT NULL DEFAULT true,
  alarm_exit boolean NOT NULL DEFAULT true,
  remark text NOT NULL DEFAULT '',
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'circle' AND center_lon IS NOT NULL AND center_lat IS NOT NULL AND radius_m > 0) OR (kind = 'polygon' AND rings IS NOT NULL))
);
CREATE INDEX geofences_account_idx ON geofences (account_id);

CREATE TABLE geofence_vehicles (
  geofence_id bigint NOT NULL REFERENCES geofences(id) ON DELETE CASCADE,
  vehicle_id bigint NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (geofence_id, vehicle_id)
);
CREATE INDEX geofence_vehicles_vehicle_idx ON geofence_vehicles (vehicle_id);

-- Written when a vehicle is first seen for a fence and on every transition (compare-and-set, so
-- of several processes seeing the same position only one raises the alarm).
CREATE TABLE geofence_states (
  vehicle_id bigint NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
  geofence_id bigint NOT NULL REFERENCES geofences(id) ON DELETE CASCADE,
  inside boolean NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (vehicle_id, geofence_id)
);

-- Which fence an enter/exit alarm was about (the alarms table knows only the type).
CREATE TABLE geofence_events (
  alarm_id bigint PRIMARY KEY REFERENCES alarms(id) ON DELETE CASCADE,
  geofence_id bigint NOT NULL REFERENCES geofences(id) ON DELETE CASCADE,
  vehicle_id bigint NOT NULL REFERENCES vehicles(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('enter', 'exit'))
);
CREATE INDEX geofence_events_fence_idx ON geofence_events (geofence_id, alarm_id DESC);
