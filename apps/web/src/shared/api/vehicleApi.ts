import type { LastPosition } from '@chelian/contracts';
import { get } from '../request/helpers.ts';

export const vehicleApi = {
  lastPositions: (terminalIds?: string[], limit?: number) =>
    get<LastPosition[]>('/car/v4/api/monitor/lastPositions.json', { terminalIds: terminalIds?.join(','), limit }, { silent: true }),
  /** By terminal identifier, else by vehicle id among the positions the user may see. */
  async positionOf(id: string): Promise<LastPosition | null> {
    const direct = await vehicleApi.lastPositions([id]);
    const hit = direct.find((p) => p.terminalId === id || p.terminalId.replace(/^0+/, '') === id.replace(/^0+/, ''));
    if (hit) return hit;
    if (!/^\d{1,12}$/.test(id)) return null;
    const all = await vehicleApi.lastPositions(undefined, 2000);
    return all.find((p) => p.vehicleId === Number(id)) ?? null;
  },
};
