-- 宠物卫士 family sharing (docs/pet.md): the owner (whoever may edit the pet in its account subtree)
-- invites up to five platform users; an invitation is pending until the invited user accepts it,
-- then the member may VIEW the pet (profile, live, history, activity, zones, alarms) from any
-- account, never edit or control it. Removing the row revokes at once.
CREATE TABLE pet_members (
  id bigserial PRIMARY KEY,
  pet_id bigint NOT NULL REFERENCES pets(id) ON DELETE CASCADE,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending',
  invited_by bigint,
  invited_at timestamptz NOT NULL DEFAULT now(),
  accepted_at timestamptz,
  UNIQUE (pet_id, user_id)
);
CREATE INDEX pet_members_user_idx ON pet_members (user_id);
