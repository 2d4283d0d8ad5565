import { beijingDaySpan } from '../../shared/format/beijingTime.ts';
import type { ReportVehicle } from '@chelian/contracts';
import { Button } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { playbackUrl } from '../../shared/links/carLinks.ts';
import { R } from '../messages.ts';

/** Day and vehicle columns of the reports whose rows are a vehicle's day (or a stay within it). */
export function vehicleColumns<T extends ReportVehicle & { day: string }>(): ColumnsType<T> {
  return [{ title: R.common.day, dataIndex: 'day', width: 100, fixed: 'left' }, ...plainVehicleColumns<T>()];
}

/** The vehicle columns of a report whose rows are vehicles as they are now (离线, 到期). */
export function plainVehicleColumns<T extends ReportVehicle>(): ColumnsType<T> {
  return [
    { title: R.common.plate, dataIndex: 'plate', width: 100, fixed: 'left', render: (p: string, r) => p || r.name },
    { title: R.common.terminal, dataIndex: 'terminalId', width: 135 },
    { title: R.common.group, dataIndex: 'groupName', width: 80, render: (g: string) => g || R.common.none },
  ];
}

/** The whole Beijing day, for the playback link. */
export const dayPlayback = (day: string) => beijingDaySpan(day);

/**
 * The 回放 column at the right: opens the vehicle's track over `span(row)` in a new tab; a row
 * without a span (nothing recorded) has no link. `label` and `width` for a link that says more.
 */
export function playbackColumn<T extends { vehicleId: number }>(
  span: (row: T) => { start: number; end: number } | null,
  { label = R.common.playback, width = 60 }: { label?: string; width?: number } = {},
): ColumnsType<T>[number] {
  return {
    title: '',
    key: 'op',
    width,
    fixed: 'right',
    render: (_: unknown, row: T) => {
      const range = span(row);
      return (
        range && (
          <Button type="link" size="small" onClick={() => window.open(playbackUrl(row.vehicleId, range), '_blank')}>
            {label}
          </Button>
        )
      );
    },
  };
}
