-- A vehicle's plate colour as JT/T 808 codes it (1 blue, 2 yellow, 3 black, 4 white, 5 green, 9 other; 0 not given).
ALTER TABLE vehicles ADD COLUMN plate_color smallint NOT NULL DEFAULT 0;
