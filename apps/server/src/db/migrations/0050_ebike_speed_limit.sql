-- One overspeed rule for e-bikes (docs/elec-car.md, "Overspeed"): a bike's 超速阈值 is its vehicle's
-- speed limit, the one 超速报表 and 平台超速报警 judge by (vehicles.speed_limit_kmh). A bike whose
-- vehicle has no limit of its own takes the threshold it was set to in 电单车卫士; a limit set in
-- 车辆管理 is kept. The guard no longer raises its own overspeed, so its threshold and episode flag go.
UPDATE vehicles v SET speed_limit_kmh = b.overspeed_kmh
  FROM elec_car_bikes b
 WHERE b.vehicle_id = v.id AND v.speed_limit_kmh IS NULL;

ALTER TABLE elec_car_bikes DROP COLUMN overspeed_kmh;
ALTER TABLE elec_car_bikes DROP COLUMN overspeeding;
