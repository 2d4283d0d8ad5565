import { memo } from 'react';
import { STATE_COLORS, VEHICLE_STATES, type StateCounts, type VehicleState } from '../../shared/vehicle/vehicleState.ts';
import { useFleetValue } from '../fleet/useFleetValue.ts';
import { M } from '../messages.ts';

/**
 * Every tab counts vehicles. 报警 says so (报警车辆): the header bell beside it counts unhandled
 * alarm records, days old included, and an operator read the two as one number.
 */
type Tab = { key: VehicleState | 'all'; label: string; tip?: string; color: string; count: (c: StateCounts) => number };
const TABS: readonly Tab[] = [
  { key: 'all', label: M.state.all, color: '#1f2329', count: (c) => c.total },
  ...VEHICLE_STATES.map((s): Tab => ({
    key: s,
    color: STATE_COLORS[s],
    count: (c) => c[s],
    ...(s === 'alarm' ? { label: M.monitor.alarmTab, tip: M.monitor.alarmTabTip } : { label: M.state[s] }),
  })),
];

const sameCounts = (a: StateCounts, b: StateCounts) => a.total === b.total && VEHICLE_STATES.every((s) => a[s] === b[s]);

/** 全部 / 行驶 / 静止 / 离线 / 报警车辆, each with its count (re-read once a second, re-drawn only when one changed); picking one filters the tree. */
export const StateTabs = memo(function StateTabs({
  value,
  onChange,
}: {
  value: VehicleState | 'all';
  onChange: (s: VehicleState | 'all') => void;
}) {
  const counts = useFleetValue((store) => store.counts(), sameCounts);
  return (
    <div className="car-state-tabs" role="tablist">
      {TABS.map((t) => (
        <button
          key={t.key}
          type="button"
          role="tab"
          aria-selected={value === t.key}
          className={value === t.key ? 'is-active' : ''}
          onClick={() => onChange(t.key)}
          title={t.tip}
          data-testid={`state-count-${t.key}`}
          data-count={t.count(counts)}
        >
          <b style={{ color: t.color }}>{t.count(counts)}</b>
          <span>{t.label}</span>
        </button>
      ))}
    </div>
  );
});
