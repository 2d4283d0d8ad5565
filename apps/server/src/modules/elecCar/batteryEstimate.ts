/**
 * The charge left and the range, estimated from the pack voltage when no BMS reports them
 * (docs/elec-car.md): linear between 84 % of the nominal voltage (empty: a 48 V pack at 40.3 V)
 * and 113 % (full: 54.2 V), and 12 Wh per km, a commuter e-bike's use on the flat.
 */
export const EMPTY_RATIO = 0.84;
export const FULL_RATIO = 1.13;
export const WH_PER_KM = 12;
export const DEFAULT_NOMINAL_VOLTS = 48;

export function percentFromVoltage(volts: number | null | undefined, nominal: number | null | undefined): number | null {
  if (volts === null || volts === undefined || !Number.isFinite(volts) || volts <= 0) return null;
  const v = nominal && nominal > 0 ? nominal : DEFAULT_NOMINAL_VOLTS;
  const pct = ((volts - v * EMPTY_RATIO) / (v * (FULL_RATIO - EMPTY_RATIO))) * 100;
  return Math.max(0, Math.min(100, Math.round(pct)));
}

/** km left: the energy left (percent of nominal V × Ah) at WH_PER_KM; null without a capacity. */
export function rangeKm(percent: number | null, nominal: number | null | undefined, capacityAh: number | null | undefined): number | null {
  if (percent === null || !capacityAh || capacityAh <= 0) return null;
  const v = nominal && nominal > 0 ? nominal : DEFAULT_NOMINAL_VOLTS;
  return Math.round(((percent / 100) * v * capacityAh) / WH_PER_KM);
}
