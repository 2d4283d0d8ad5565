import { vehicleEndpoints, type Vehicle } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { monitorEndpoints, type LastPosition } from '@chelian/contracts';

const PAGE = 500;
const POSITION_WINDOW = 5000;

/** Every vehicle the user may see (optionally of one account): pages of 500, four at a time. */
export async function loadAllVehicles(accountId?: number): Promise<Vehicle[]> {
  const first = await call(vehicleEndpoints.list, { current: 1, pageSize: PAGE, accountId });
  const pages = Math.ceil(first.total / PAGE);
  const rest: Vehicle[][] = [];
  for (let page = 2; page <= pages; page += 4) {
    const batch = [];
    for (let p = page; p < page + 4 && p <= pages; p++)
      batch.push(call(vehicleEndpoints.list, { current: p, pageSize: PAGE, accountId }).then((r) => r.list));
    rest.push(...(await Promise.all(batch)));
  }
  return [...first.list, ...rest.flat()];
}

/** The latest position of every visible terminal, in windows. */
export async function loadAllPositions(): Promise<LastPosition[]> {
  const out: LastPosition[] = [];
  for (let offset = 0; ; offset += POSITION_WINDOW) {
    const list = (await call(monitorEndpoints.lastPositions, { limit: POSITION_WINDOW, offset }, { silent: true })) ?? [];
    out.push(...list);
    if (list.length < POSITION_WINDOW) return out;
  }
}
