import { memo } from 'react';
import { STATE_COLORS, VEHICLE_STATES, type StateCounts, type VehicleState } from '../fleet/vehicleState.ts';
import { useFleetValue } from '../fleet/useFleetValue.ts';
import { M } from '../messages.ts';

const TABS: ReadonlyArray<{ key: VehicleState | 'all'; label: string; color: string; count: (c: StateCounts) => number }> = [
  { key: 'all', label: M.state.all, color: '#1f2329', count: (c) => c.total },
  ...VEHICLE_STATES.map((s) => ({ key: s, label: M.state[s], color: STATE_COLORS[s], count: (c: StateCounts) => c[s] })),
];

const sameCounts = (a: StateCounts, b: StateCounts) => a.total === b.total && VEHICLE_STATES.every((s) => a[s] === b[s]);

/** 全部 / 行驶 / 静止 / 离线 / 报警, each with its count (re-read once a second, re-drawn only when one changed); picking one filters the tree. */
export const StateTabs = memo(function StateTabs({ value, onChange }: { value: VehicleState | 'all'; onChange: (s: VehicleState | 'all') => void }) {
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
