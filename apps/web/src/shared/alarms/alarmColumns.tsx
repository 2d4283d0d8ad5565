import { Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import type { ColumnsType } from 'antd/es/table';
import { AddressText } from '../../shared/address/AddressText.tsx';
import type { Alarm } from '@chelian/contracts';
import { M } from '../messages.ts';

const URGENT = new Set(['sos', 'powerCut', 'collision', 'rollover', 'theft', 'tamper', 'illegalIgnition', 'overspeed', 'geofenceEnter', 'geofenceExit', 'fallDown']);

export const alarmTypeTag = (a: Alarm) => <Tag color={URGENT.has(a.type) ? 'red' : 'orange'}>{a.typeName}</Tag>;

/** The columns both alarm lists share; `actions` renders the operation cell. */
export function alarmColumns(actions: (a: Alarm) => React.ReactNode, withHandling: boolean): ColumnsType<Alarm> {
  const cols: ColumnsType<Alarm> = [
    { title: M.common.plate, dataIndex: 'plate', width: 110, render: (p: string, a) => p || a.name || M.common.none },
    { title: M.common.terminal, dataIndex: 'terminalId', width: 150 },
    { title: M.alarm.type, dataIndex: 'typeName', width: 140, render: (_: string, a) => alarmTypeTag(a) },
    { title: M.alarm.time, dataIndex: 'alarmTime', width: 165, render: (t: number) => dayjs(t).format('YYYY-MM-DD HH:mm:ss') },
    { title: `${M.common.speed}（${M.common.kmh}）`, dataIndex: 'speed', width: 120, render: (s: number | null) => (s === null ? M.common.none : s) },
    {
      title: M.common.address,
      key: 'address',
      ellipsis: true,
      render: (_: unknown, a) => (a.lat !== null && a.lon !== null ? <AddressText point={{ lon: a.lon, lat: a.lat, mac: a.terminalId }} /> : M.common.none),
    },
  ];
  if (withHandling) {
    cols.push(
      { title: M.alarm.status, dataIndex: 'handled', width: 90, render: (h: boolean) => (h ? <Tag color="green">{M.alarm.processed}</Tag> : <Tag>{M.alarm.unprocessed}</Tag>) },
      { title: M.alarm.handledBy, dataIndex: 'handledBy', width: 100, render: (v: string) => v || M.common.none },
      { title: M.alarm.note, dataIndex: 'handleNote', width: 160, ellipsis: true, render: (v: string) => v || M.common.none },
    );
  }
  cols.push({ title: M.common.operate, key: 'op', width: 200, fixed: 'right', render: (_: unknown, a) => <Space size={4}>{actions(a)}</Space> });
  return cols;
}

export function ActionLink({ children, onClick, testId }: { children: React.ReactNode; onClick: () => void; testId?: string }) {
  return (
    <Button type="link" size="small" onClick={onClick} data-testid={testId} style={{ padding: '0 4px' }}>
      {children}
    </Button>
  );
}
