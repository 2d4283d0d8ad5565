import { STATE_COLORS, VEHICLE_STATES, type StateCounts, type VehicleState } from '../fleet/vehicleState.ts';
import { M } from '../messages.ts';

/** 全部 / 行驶 / 静止 / 离线 / 报警, each with its count; picking one filters the tree. */
export function StateTabs({ counts, value, onChange }: { counts: StateCounts; value: VehicleState | 'all'; onChange: (s: VehicleState | 'all') => void }) {
  const items: Array<{ key: VehicleState | 'all'; label: string; count: number; color: string }> = [
    { key: 'all', label: M.state.all, count: counts.total, color: '#1f2329' },
    ...VEHICLE_STATES.map((s) => ({ key: s, label: M.state[s], count: counts[s], color: STATE_COLORS[s] })),
  ];
  return (
    <div className="car-state-tabs" role="tablist">
      {items.map((i) => (
        <button
          key={i.key}
          type="button"
          role="tab"
          aria-selected={value === i.key}
          className={value === i.key ? 'is-active' : ''}
          onClick={() => onChange(i.key)}
          data-testid={`state-count-${i.key}`}
          data-count={i.count}
        >
          <b style={{ color: i.color }}>{i.count}</b>
          <span>{i.label}</span>
        </button>
      ))}
    </div>
  );
}
