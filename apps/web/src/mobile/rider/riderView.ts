import type { RiderArea, RiderBill, RiderContract } from '@chelian/contracts';
import type { MapShape } from '../../shared/map/shapes.ts';

/** Fen as yuan text by integer arithmetic: 2300 → '23.00'. */
export const yuanText = (fen: number) =>
  `${fen < 0 ? '-' : ''}${Math.floor(Math.abs(fen) / 100)}.${String(Math.abs(fen) % 100).padStart(2, '0')}`;

/** The contract the home page opens on: an open one first (overdue before active before pending), else the newest. */
export function currentContract(list: readonly RiderContract[]): RiderContract | undefined {
  const rank = (s: string) => ['overdue', 'active', 'pending'].indexOf(s);
  const open = list.filter((c) => rank(c.status) >= 0).sort((a, b) => rank(a.status) - rank(b.status));
  return open[0] ?? list[0];
}

export type Tone = 'danger' | 'warning' | 'success' | 'default' | 'primary';

export const contractTone = (c: Pick<RiderContract, 'status' | 'lockReasonName'>): Tone =>
  c.lockReasonName || c.status === 'overdue'
    ? 'danger'
    : c.status === 'active'
      ? 'success'
      : c.status === 'pending'
        ? 'warning'
        : 'default';

export const billTone = (b: Pick<RiderBill, 'riderState'>): Tone =>
  b.riderState === 'overdue' ? 'danger' : b.riderState === 'unpaid' ? 'warning' : b.riderState === 'paid' ? 'success' : 'default';

/** Unpaid bills first (overdue before the rest), oldest due first; then the settled ones, newest first. */
export function sortBills(bills: readonly RiderBill[]): RiderBill[] {
  const open = bills
    .filter((b) => b.owedFen > 0)
    .sort((a, b) => Number(b.riderState === 'overdue') - Number(a.riderState === 'overdue') || a.dueAt - b.dueAt);
  const done = bills.filter((b) => b.owedFen === 0).sort((a, b) => b.dueAt - a.dueAt);
  return [...open, ...done];
}

const AREA_COLORS: Record<string, string> = { boundary: '#1677ff', returnPoint: '#00b578', noParking: '#ff3141' };

/** The service areas as the map draws them: 运营区域 blue, 还车点 green, 禁停区 red. */
export function areaShapes(areas: readonly RiderArea[]): MapShape[] {
  return areas.map((a) => ({
    id: a.geofenceId,
    color: AREA_COLORS[a.kind] ?? '#8c8c8c',
    circle: a.circle ? { center: [a.circle.lon, a.circle.lat], radius: a.circle.radiusM } : undefined,
    ring: a.rings?.[0]?.map(([lon, lat]) => [lon!, lat!] as [number, number]),
  }));
}

export const areaColor = (kind: string) => AREA_COLORS[kind] ?? '#8c8c8c';

/** What 账单 shows: why the rider could not be loaded, that there is nothing to bill, a skeleton while loading, or the bills. */
export type BillsView = 'failed' | 'none' | 'loading' | 'list';

/**
 * 账单's state from the rider's load and the bills' load. A rider without a contract has no bills to
 * wait for (none are asked): that is 'none' at once, not a skeleton that never ends.
 */
export function billsView(
  rider: { me: object | null; contract: object | undefined; failure: string | null },
  bills: readonly object[] | null,
): BillsView {
  if (rider.failure) return 'failed';
  if (!rider.me) return 'loading';
  if (!rider.contract) return 'none';
  return bills ? 'list' : 'loading';
}
