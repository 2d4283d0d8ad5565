import { Badge, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PLATE_COLORS, type Vehicle } from '@chelian/contracts';
import { M } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const C = M.vehicles.columns;
const STATE_COLOR: Record<string, string> = { active: 'success', unactivated: 'default', expired: 'error', disabled: 'warning' };
const PLATE_TAG: Record<number, string> = { 1: 'blue', 2: 'gold', 3: 'default', 4: 'default', 5: 'green' };
const time = (ms: number | null) => (ms === null ? M.common.none : beijingDateTime(ms));

/** The vehicle table's columns; the operator's actions go in the last one. */
export function vehicleColumns(actions?: (v: Vehicle) => React.ReactNode): ColumnsType<Vehicle> {
  const columns: ColumnsType<Vehicle> = [
    {
      title: C.plate,
      dataIndex: 'plate',
      width: 125,
      fixed: 'left',
      render: (_, v) => (
        <span data-testid="vehicle-row-plate">
          {v.plate || v.name}
          {v.plateColor > 0 && (
            <Tag color={PLATE_TAG[v.plateColor]} style={{ marginLeft: 6 }} bordered={false}>
              {PLATE_COLORS[v.plateColor as keyof typeof PLATE_COLORS]}
            </Tag>
          )}
        </span>
      ),
    },
    { title: C.type, dataIndex: 'typeName', width: 65 },
    { title: C.terminal, dataIndex: 'terminalId', width: 140, render: (t: string) => t || M.common.none },
    { title: C.protocol, dataIndex: 'protocolName', width: 80, render: (t: string) => t || M.common.none },
    {
      title: C.online,
      dataIndex: 'online',
      width: 70,
      render: (_, v) =>
        v.terminalId ? (
          <Badge status={v.online ? 'success' : 'default'} text={v.online ? M.vehicles.online : M.vehicles.offline} />
        ) : (
          M.common.none
        ),
    },
    {
      title: C.state,
      dataIndex: 'terminalStatusName',
      width: 85,
      render: (_, v) => <Tag color={STATE_COLOR[v.terminalStatus] ?? 'default'}>{v.terminalStatusName}</Tag>,
    },
    {
      title: C.driver,
      dataIndex: 'driver',
      width: 160,
      render: (_, v) => (v.driver ? `${v.driver}${v.driverPhone ? ` ${v.driverPhone}` : ''}` : M.common.none),
    },
    { title: C.group, dataIndex: 'groupName', width: 100, render: (t: string) => t || M.vehicles.noGroup },
    { title: C.sim, dataIndex: 'sim', width: 125, render: (t: string) => t || M.common.none },
    { title: C.expires, dataIndex: 'serviceExpiresAt', width: 155, render: (ms: number | null) => time(ms) },
    { title: C.lastSeen, dataIndex: 'lastSeenAt', width: 155, render: (ms: number | null) => time(ms) },
    { title: C.account, dataIndex: 'accountName', width: 110 },
  ];
  if (actions) columns.push({ title: M.common.operate, key: 'actions', width: 115, fixed: 'right', render: (_, v) => actions(v) });
  return columns;
}
