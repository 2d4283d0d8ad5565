-- 宠物卫士 (docs/pet.md): a pet's profile, its collar (a terminal, at most one pet each) and lost
-- mode. The photo is kept as its checked data URL (PNG/JPEG/WebP, ≤ 512 KB). Lost mode raised the
-- collar's reporting rate until lost_until; lost_restored_at is set once the job has sent the
-- normal interval back (a compare-and-set, so several jobs processes restore once).
CREATE TABLE pets (
  id bigserial PRIMARY KEY,
  account_id bigint NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  name text NOT NULL,
  species text NOT NULL DEFAULT 'dog',
  breed text NOT NULL DEFAULT '',
  sex text NOT NULL DEFAULT 'unknown',
  birthday date,
  weight_kg double precision,
  microchip text NOT NULL DEFAULT '',
  photo text,
  step_goal integer NOT NULL DEFAULT 8000,
  terminal_id bigint UNIQUE REFERENCES terminals(id) ON DELETE SET NULL,
  lost_until timestamptz,
  lost_restored_at timestamptz,
  created_by bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX pets_account_idx ON pets (account_id);
CREATE INDEX pets_lost_idx ON pets (lost_until) WHERE lost_restored_at IS NULL AND lost_until IS NOT NULL;
