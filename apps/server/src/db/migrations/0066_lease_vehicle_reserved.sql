-- A rental bike in a contract waiting for its handover (待交车) is 'reserved', not 'available': it
-- read 可租 on 租赁车辆 and the home page's count, and 新建订单 offered it only to refuse it
-- (已被其他订单占用). New contracts set it (contracts.service.ts createContract); this marks the
-- bikes of contracts already pending.
UPDATE elec_lease_vehicles lv SET state = 'reserved'
 WHERE lv.state = 'available'
   AND EXISTS (SELECT 1 FROM elec_lease_contracts c WHERE c.vehicle_id = lv.vehicle_id AND c.status = 'pending');
