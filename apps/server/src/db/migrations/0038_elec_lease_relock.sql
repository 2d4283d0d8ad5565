-- 电单车租赁: a lock whose cut lapsed is sent again once — the lapsed row is claimed (compare-and-set)
-- by the one jobs process that renews it.
ALTER TABLE elec_lease_locks ADD COLUMN renewed_at timestamptz;
