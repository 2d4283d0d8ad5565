import { useEffect, useRef, useState } from 'react';
import { Button, Space, Switch, Typography } from 'antd';
import { ReloadOutlined, SoundOutlined } from '@ant-design/icons';
import { Permission } from '../../shared/permission/Permission.tsx';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { postToShell } from '../../child/bridge/childBridge.ts';
import { alarmEndpoints } from '@chelian/contracts';
import type { Alarm } from '@chelian/contracts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { M } from '../messages.ts';
import { ActionLink, alarmColumns } from '../../shared/alarms/alarmColumns.tsx';
import { ProcessAlarmModal } from '../../shared/alarms/ProcessAlarmModal.tsx';
import { AlarmDeliveryDrawer } from './AlarmDeliveryDrawer.tsx';
import { T } from '../../shared/i18n/messages.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

/** How long after the pointer last moved over the list live reloads wait (a resting pointer does not freeze it). */
const HOLD_MS = 3000;

/** 实时报警: unhandled alarms, refreshed as the live feed brings new ones; handled with a note. */
export function RealtimeAlarms() {
  const { live } = useFleet();
  const voiceOn = useClientStore((s) => s.alarmVoiceOn);
  /** a reload for the live feed is quiet (no spinner, no toast): with a large fleet it comes every 1.5 s */
  const list = usePagedList(alarmEndpoints.realtime, {});
  const { reload: load } = list;
  const [selected, setSelected] = useState<number[]>([]);
  const [processing, setProcessing] = useState<Alarm[]>([]);
  const [detail, setDetail] = useState<Alarm | null>(null);

  /** until when live reloads wait: the operator is moving the pointer over the list, aiming at a row */
  const heldUntil = useRef(0);
  const stale = useRef(false);

  // New alarms (and ones handled elsewhere) arrive on the live feed: reload, at most every 2 s,
  // and not while the operator aims at a row (10 000 vehicles raise several alarms a second,
  // each reload moving every row down).
  useEffect(() => {
    let timer: number | undefined;
    const reload = () => {
      const wait = heldUntil.current - Date.now();
      stale.current = wait > 0;
      timer = wait > 0 ? window.setTimeout(reload, wait) : undefined;
      if (wait <= 0) void load(true);
    };
    const off = live.on((events) => {
      if (!events.some((e) => e.kind === 'alarm')) return;
      timer ??= window.setTimeout(reload, 1500);
    });
    return () => {
      off();
      window.clearTimeout(timer);
    };
  }, [live, load]);

  const columns = alarmColumns(
    (a) => (
      <>
        <Permission code="car:alarm:process">
          <ActionLink testId="alarm-process" onClick={() => setProcessing([a])}>
            {M.alarm.process}
          </ActionLink>
        </Permission>
        {a.vehicleId && (
          <ActionLink onClick={() => postToShell('showVehInfo', { vehicleId: String(a.vehicleId), tab: 'follow' })}>
            {M.alarm.locate}
          </ActionLink>
        )}
        <ActionLink testId="alarm-deliveries" onClick={() => setDetail(a)}>
          {T.center.alarmPush.log.title}
        </ActionLink>
      </>
    ),
    false,
  );

  return (
    <div data-testid="realtime-alarms" data-total={list.total}>
      <ListCard<Alarm>
        bare
        filters={
          <>
            <Typography.Text strong>{M.alarm.newCount(list.total)}</Typography.Text>
            <Permission code="car:alarm:process">
              <Button disabled={selected.length === 0} onClick={() => setProcessing(list.rows.filter((a) => selected.includes(a.alarmId)))}>
                {M.alarm.processBatch}
              </Button>
            </Permission>
            <Button icon={<ReloadOutlined />} onClick={() => void load()}>
              {M.common.refresh}
            </Button>
          </>
        }
        actions={
          <Space style={{ marginLeft: 'auto' }}>
            <SoundOutlined />
            {M.alarm.sound}
            <Switch
              size="small"
              checked={voiceOn}
              onChange={(v) => useClientStore.getState().update({ alarmVoiceOn: v })}
              data-testid="alarm-voice"
            />
          </Space>
        }
        list={list}
        rowKey="alarmId"
        columns={columns}
        table={{ rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) } }}
        tableBox={{
          onMouseMove: () => (heldUntil.current = Date.now() + HOLD_MS),
          onMouseLeave: () => {
            heldUntil.current = 0;
            if (stale.current) void load(true);
            stale.current = false;
          },
          'data-testid': 'realtime-alarms-list',
        }}
      />
      <ProcessAlarmModal
        alarms={processing}
        onClose={() => setProcessing([])}
        onDone={() => (setProcessing([]), setSelected([]), void load())}
      />
      <AlarmDeliveryDrawer alarm={detail} onClose={() => setDetail(null)} />
    </div>
  );
}
