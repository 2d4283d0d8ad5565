import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { leaseRiderEndpoints, type RiderMe } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { currentContract } from './riderView.ts';

/** The signed-in rider's contracts and the one shown (`?contractId=`, kept between the rider pages, else the current one). */
export function useRider() {
  const [me, setMe] = useState<RiderMe | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const load = useCallback(
    () =>
      call(leaseRiderEndpoints.me, undefined, { silent: true }).then(
        (m) => (setMe(m), setFailure(null)),
        (err: Error) => setFailure(err.message || '加载失败'),
      ),
    [],
  );
  useEffect(() => void load(), [load]);
  const asked = Number(params.get('contractId'));
  const contract = me?.contracts.find((c) => c.contractId === asked) ?? (me ? currentContract(me.contracts) : undefined);
  const select = (contractId: number) => setParams((p) => (p.set('contractId', String(contractId)), p), { replace: true });
  return { me, contract, select, reload: load, failure };
}
