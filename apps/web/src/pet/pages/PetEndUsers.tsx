import { useCallback } from 'react';
import { endUserEndpoints, type Pet } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { EndUsersModal } from '../../shared/endUsers/EndUsersModal.tsx';

/** 邀请用户 on 宠物档案: the pet's owner gets 掌上车联 (宠物主人) by SMS; who is invited, revoke. */
export function PetEndUsers({ pet, onClose }: { pet: Pet; onClose: () => void }) {
  const petId = pet.petId;
  const load = useCallback(() => call(endUserEndpoints.petUsers, { petId }, { silent: true }), [petId]);
  return (
    <EndUsersModal
      subject={pet.name}
      load={load}
      invite={(form) => call(endUserEndpoints.petInvite, { petId, ...form })}
      revoke={(userId) => call(endUserEndpoints.petRevoke, { petId, userId })}
      onClose={onClose}
    />
  );
}
