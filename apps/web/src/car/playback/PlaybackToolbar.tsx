import { Button, DatePicker, InputNumber, Space } from 'antd';
import { DownloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { beijingPickerValue, beijingToday } from '../../shared/format/beijingTime.ts';
import { VehiclePicker } from '../follow/VehiclePicker.tsx';
import { M } from '../messages.ts';

export interface PlaybackQuery {
  vehicleId: number | null;
  range: [Dayjs, Dayjs];
  stopMinutes: number;
  overspeedKmh: number;
}

/** Beijing's today and yesterday (midnight to midnight) and the last days up to now. */
const presets = () => {
  const now = beijingPickerValue();
  const today = beijingToday();
  return [
    { label: M.playback.today, value: [today, now] as [Dayjs, Dayjs] },
    { label: M.playback.yesterday, value: [today.subtract(1, 'day'), today] as [Dayjs, Dayjs] },
    { label: M.playback.last3Days, value: [now.subtract(3, 'day'), now] as [Dayjs, Dayjs] },
    { label: M.playback.last7Days, value: [now.subtract(7, 'day'), now] as [Dayjs, Dayjs] },
  ];
};

interface Props {
  query: PlaybackQuery;
  onChange: (q: PlaybackQuery) => void;
  onSearch: () => void;
  onExport: () => void;
  loading: boolean;
  exporting: boolean;
  canExport: boolean;
}

/** Vehicle, time range, stop and overspeed thresholds; query and export — on one line at 1366 px. */
export function PlaybackToolbar({ query, onChange, onSearch, onExport, loading, exporting, canExport }: Props) {
  return (
    <div className="car-playback-toolbar" data-testid="playback-toolbar">
      <VehiclePicker value={query.vehicleId} onChange={(vehicleId) => onChange({ ...query, vehicleId })} width={170} />
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format="YYYY-MM-DD HH:mm"
        value={query.range}
        presets={presets()}
        allowClear={false}
        onChange={(v) => v?.[0] && v[1] && onChange({ ...query, range: [v[0], v[1]] })}
        data-testid="playback-range"
      />
      <Space.Compact>
        <span className="car-addon">{M.playback.stopMinutes}</span>
        <InputNumber
          min={1}
          max={720}
          value={query.stopMinutes}
          onChange={(v) => v && onChange({ ...query, stopMinutes: v })}
          style={{ width: 56 }}
        />
        <span className="car-addon">{M.playback.minutes}</span>
      </Space.Compact>
      <Space.Compact>
        <span className="car-addon">{M.playback.overspeedLimit}</span>
        <InputNumber
          min={10}
          max={250}
          value={query.overspeedKmh}
          onChange={(v) => v && onChange({ ...query, overspeedKmh: v })}
          style={{ width: 56 }}
        />
        <span className="car-addon">{M.common.kmh}</span>
      </Space.Compact>
      <Button
        type="primary"
        icon={<SearchOutlined />}
        loading={loading}
        disabled={!query.vehicleId}
        onClick={onSearch}
        data-testid="playback-query"
      >
        {M.playback.query}
      </Button>
      <Button icon={<DownloadOutlined />} loading={exporting} disabled={!canExport} onClick={onExport} data-testid="playback-export">
        {M.playback.export}
      </Button>
    </div>
  );
}
