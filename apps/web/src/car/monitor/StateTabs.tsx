import { Segmented } from 'antd';
import { STATE_COLORS, VEHICLE_STATES, type StateCounts, type VehicleState } from '../fleet/vehicleState.ts';
import { M } from '../messages.ts';

/** 全部 / 行驶 / 静止 / 离线 / 报警, each with its count; picking one filters the tree. */
export function StateTabs({ counts, value, onChange }: { counts: StateCounts; value: VehicleState | 'all'; onChange: (s: VehicleState | 'all') => void }) {
  const options = [
    { value: 'all', label: <span data-testid="state-count-all">{M.state.all} {counts.total}</span> },
    ...VEHICLE_STATES.map((s) => ({
      value: s,
      label: (
        <span data-testid={`state-count-${s}`}>
          <i className="car-dot" style={{ background: STATE_COLORS[s] }} />
          {M.state[s]} {counts[s]}
        </span>
      ),
    })),
  ];
  return <Segmented size="small" block className="car-state-tabs" value={value} options={options} onChange={(v) => onChange(v as VehicleState | 'all')} />;
}
