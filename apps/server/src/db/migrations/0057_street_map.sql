-- The street map imported from an OpenStreetMap extract (npm run map:import): what its reverse
-- geocoder answers from. Each import is one build; the active one is named in street_map_active,
-- switched in one statement, so a new import replaces the old without a moment of no answers.
-- Platform-wide data (OpenStreetMap's), no tenant.
CREATE TABLE street_map_builds (
  id serial PRIMARY KEY,
  -- its folder under DATA_DIR/streetmap/builds (the tiles)
  name text NOT NULL UNIQUE,
  source text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE street_map_active (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  build_id integer NOT NULL REFERENCES street_map_builds (id),
  activated_at timestamptz NOT NULL DEFAULT now()
);

-- coords: lon,lat pairs as little-endian int32 in 1e-7 degrees (OpenStreetMap's own precision)
CREATE TABLE street_roads (
  build_id integer NOT NULL REFERENCES street_map_builds (id) ON DELETE CASCADE,
  name text NOT NULL,
  coords bytea NOT NULL
);
CREATE INDEX street_roads_build ON street_roads (build_id);

-- rings: int32 ring count, then per ring its point count and its lon,lat pairs (1e-7 degrees)
CREATE TABLE street_areas (
  build_id integer NOT NULL REFERENCES street_map_builds (id) ON DELETE CASCADE,
  name text NOT NULL,
  admin_level smallint NOT NULL,
  rings bytea NOT NULL
);
CREATE INDEX street_areas_build ON street_areas (build_id);

CREATE TABLE street_places (
  build_id integer NOT NULL REFERENCES street_map_builds (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('poi', 'house')),
  name text NOT NULL,
  street text,
  lon double precision NOT NULL,
  lat double precision NOT NULL
);
CREATE INDEX street_places_build ON street_places (build_id);
