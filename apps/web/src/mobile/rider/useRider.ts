import { useSearchParams } from 'react-router';
import { leaseRiderEndpoints } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { currentContract } from './riderView.ts';

/** The signed-in rider's contracts and the one shown (`?contractId=`, kept between the rider pages, else the current one). */
export function useRider() {
  const { data: me, error: failure, reload } = useWholeList(leaseRiderEndpoints.me, undefined, { silent: true });
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get('contractId'));
  const contract = me?.contracts.find((c) => c.contractId === asked) ?? (me ? currentContract(me.contracts) : undefined);
  const select = (contractId: number) => setParams((p) => (p.set('contractId', String(contractId)), p), { replace: true });
  return { me, contract, select, reload, failure };
}
