-- 宠物卫士 power-save setting (docs/pet.md): the interval a pet's collar reports at normally, chosen
-- by the owner against battery life (1, 5, 10 or 30 minutes). Lost mode runs at 15 s and falls back
-- to this when it ends; the default is the 5 minutes every collar used before.
ALTER TABLE pets ADD COLUMN report_seconds integer NOT NULL DEFAULT 300;
