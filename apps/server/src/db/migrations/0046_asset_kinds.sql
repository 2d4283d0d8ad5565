-- Asset kinds (docs/asset-kinds.md): vehicles.type is the asset's kind, one of the platform's four
-- (packages/contracts assetKinds.ts). A row's kind is what the sub-product that registered it made:
-- 智能工牌's people are badges, 电单车卫士's and 电单车租赁's bikes e-bikes, a vehicle sharing a
-- collar with a pet a pet; anything else written by hand or by an old import is a vehicle.
-- Safe to run again: the check is dropped before the rows are fixed.
ALTER TABLE vehicles DROP CONSTRAINT IF EXISTS vehicles_type_kind;

UPDATE vehicles v SET type = 'badge'
 WHERE v.type <> 'badge' AND EXISTS (SELECT 1 FROM card_staff s WHERE s.vehicle_id = v.id);

UPDATE vehicles v SET type = 'ebike'
 WHERE v.type <> 'ebike' AND NOT EXISTS (SELECT 1 FROM card_staff s WHERE s.vehicle_id = v.id)
   AND (EXISTS (SELECT 1 FROM elec_car_bikes b WHERE b.vehicle_id = v.id)
        OR EXISTS (SELECT 1 FROM elec_lease_vehicles l WHERE l.vehicle_id = v.id));

UPDATE vehicles v SET type = 'pet'
 WHERE v.type <> 'pet' AND v.terminal_id IS NOT NULL
   AND EXISTS (SELECT 1 FROM pets p WHERE p.terminal_id = v.terminal_id)
   AND NOT EXISTS (SELECT 1 FROM card_staff s WHERE s.vehicle_id = v.id)
   AND NOT EXISTS (SELECT 1 FROM elec_car_bikes b WHERE b.vehicle_id = v.id);

UPDATE vehicles SET type = 'vehicle' WHERE type NOT IN ('vehicle', 'ebike', 'badge', 'pet');

ALTER TABLE vehicles ADD CONSTRAINT vehicles_type_kind CHECK (type IN ('vehicle', 'ebike', 'badge', 'pet'));
-- Every list of a sub-product filters by kind within an account.
CREATE INDEX IF NOT EXISTS vehicles_account_type_idx ON vehicles (account_id, type);
