import { monitorEndpoints, vehicleEndpoints, type LastPosition } from '@chelian/contracts';
import { call } from '../request/call.ts';

const quiet = { silent: true } as const;
const sameTerminal = (a: string, b: string) => a === b || a.replace(/^0+/, '') === b.replace(/^0+/, '');

/**
 * The last position of what the dialog was opened for: a terminal identifier, else a vehicle id
 * (whose bound terminal is looked up). null when it has not reported or is not visible.
 */
export async function positionOf(id: string): Promise<LastPosition | null> {
  const direct = await call(monitorEndpoints.lastPositions, { terminalIds: id }, quiet);
  const hit = direct.find((p) => sameTerminal(p.terminalId, id));
  if (hit) return hit;
  if (!/^\d{1,12}$/.test(id)) return null;
  const vehicle = await call(vehicleEndpoints.detail, { vehicleId: Number(id) }, quiet).catch(() => null);
  if (!vehicle?.terminalId) return null;
  const [position] = await call(monitorEndpoints.lastPositions, { terminalIds: vehicle.terminalId }, quiet);
  return position ?? null;
}
