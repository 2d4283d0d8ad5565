import { beijingDaySpan } from '../../shared/format/beijingTime.ts';
import type { ReportVehicle } from '@chelian/contracts';
import type { ColumnsType } from 'antd/es/table';
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
