import { Button, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { AddressText } from '../address/AddressText.tsx';
import type { Alarm } from '@chelian/contracts';
import { T } from '../i18n/messages.ts';
import { beijingFormat } from '../format/beijingTime.ts';
import { speedText } from '../format/speed.ts';

const L = T.fleet.alarmList;

/** The kinds whose tag is red in every alarm list, whichever product lists them (the others orange). */
const SERIOUS = new Set([
  'sos',
  'powerCut',
  'collision',
  'rollover',
  'theft',
  'tamper',
  'illegalIgnition',
  'overspeed',
  'platformOverspeed',
  'geofenceEnter',
  'geofenceExit',
  'fallDown',
  'displacement',
  'vibration',
  'accOnWhileArmed',
  'batteryOverTemp',
  'batteryOverVoltage',
  'batteryMismatch',
  'gbOverspeed',
]);

export const alarmTypeTag = (a: Pick<Alarm, 'type' | 'typeName'>) => <Tag color={SERIOUS.has(a.type) ? 'red' : 'orange'}>{a.typeName}</Tag>;

/** The columns every alarm list shares (car's real-time and history lists, the alarm report); `actions` renders the operation cell. */
export function alarmColumns(actions: (a: Alarm) => React.ReactNode, withHandling: boolean): ColumnsType<Alarm> {
  const cols: ColumnsType<Alarm> = [
    { title: L.plate, dataIndex: 'plate', width: 110, render: (p: string, a) => p || a.name || L.none },
    { title: L.terminal, dataIndex: 'terminalId', width: 140 },
    // the longest kinds' tags whole (电池与控制器不匹配, 车速超过25km/h)
    { title: L.type, dataIndex: 'typeName', width: 150, render: (_: string, a) => alarmTypeTag(a) },
    { title: L.time, dataIndex: 'alarmTime', width: 210, render: (_: number, a) => <AlarmTime alarm={a} /> },
    { title: L.speed, dataIndex: 'speed', width: 110, render: (s: number | null) => (s === null ? L.none : speedText(s)) },
    {
      title: L.address,
      key: 'address',
      width: 160,
      ellipsis: true,
      render: (_: unknown, a) =>
        a.lat !== null && a.lon !== null ? <AddressText point={{ lon: a.lon, lat: a.lat, mac: a.terminalId }} /> : L.none,
    },
  ];
  if (withHandling) {
    cols.push(
      {
        title: L.status,
        dataIndex: 'handled',
        width: 90,
        render: (h: boolean) => (h ? <Tag color="green">{L.processed}</Tag> : <Tag>{L.unprocessed}</Tag>),
      },
      { title: L.handledBy, dataIndex: 'handledBy', width: 100, render: (v: string) => v || L.none },
      { title: L.note, dataIndex: 'handleNote', width: 160, ellipsis: true, render: (v: string) => v || L.none },
    );
  }
  cols.push({ title: L.operate, key: 'op', width: 200, fixed: 'right', render: (_: unknown, a) => <Space size={4}>{actions(a)}</Space> });
  return cols;
}

/**
 * The device's time of the alarm; one from a blind-area upload says 补传, and when it reached the
 * platform; one the terminal raised again while it lasted says how often, and when last.
 */
export function AlarmTime({ alarm }: { alarm: Alarm }) {
  if (!alarm.late && !alarm.repeats) return <>{beijingFormat(alarm.alarmTime)}</>;
  return (
    <Space size={4}>
      {beijingFormat(alarm.alarmTime)}
      {alarm.late && (
        <Tooltip title={L.lateHint(beijingFormat(alarm.receivedAt))}>
          <Tag color="blue" data-testid="alarm-late">
            {L.late}
          </Tag>
        </Tooltip>
      )}
      {!!alarm.repeats && (
        <Tooltip title={L.repeatsHint(beijingFormat(alarm.lastSeenAt ?? alarm.alarmTime))}>
          <Tag data-testid="alarm-repeats">{L.repeats(alarm.repeats)}</Tag>
        </Tooltip>
      )}
    </Space>
  );
}

export function ActionLink({ children, onClick, testId }: { children: React.ReactNode; onClick: () => void; testId?: string }) {
  return (
    <Button type="link" size="small" onClick={onClick} data-testid={testId} style={{ padding: '0 4px' }}>
      {children}
    </Button>
  );
}
