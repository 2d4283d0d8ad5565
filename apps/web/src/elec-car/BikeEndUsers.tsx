import { useCallback } from 'react';
import { endUserEndpoints, type Bike } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { EndUsersModal } from '../shared/endUsers/EndUsersModal.tsx';
import { bikeLabel } from './BikePicker.tsx';

/** 邀请用户 on 我的车辆: the bike's owner gets 掌上车联 (车主) by SMS; who is invited, revoke. */
export function BikeEndUsers({ bike, onClose }: { bike: Bike; onClose: () => void }) {
  const bikeId = bike.bikeId;
  const load = useCallback(() => call(endUserEndpoints.bikeUsers, { bikeId }, { silent: true }), [bikeId]);
  return (
    <EndUsersModal
      subject={bikeLabel(bike)}
      load={load}
      invite={(form) => call(endUserEndpoints.bikeInvite, { bikeId, ...form })}
      revoke={(userId) => call(endUserEndpoints.bikeRevoke, { bikeId, userId })}
      onClose={onClose}
    />
  );
}
