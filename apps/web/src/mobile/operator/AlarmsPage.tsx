import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, CapsuleTabs, ErrorBlock, InfiniteScroll, List, NavBar, PullToRefresh, Tag } from 'antd-mobile';
import type { Alarm } from '@chelian/contracts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { useMoreList } from '../../shared/list/useMoreList.ts';
import { fleetStore } from './fleetStore.ts';
import { ALARM_PAGE_SIZE, loadAlarms, mergeAlarms, PROCESS_PERMISSION, type AlarmScope } from './alarms.ts';
import { HandleAlarmSheet } from './HandleAlarmSheet.tsx';
import { O } from './texts.ts';
import './operator.css';

const A = O.alarms;
const alarmPage = ({ scope, terminalId }: { scope: AlarmScope; terminalId?: string }, current: number) =>
  loadAlarms(scope, current, terminalId);

/** 报警: the unhandled ones (new ones pushed live), the last 7 days; a tap handles one. */
export default function AlarmsPage() {
  const [params] = useSearchParams();
  const terminalId = params.get('q') ?? undefined;
  const [scope, setScope] = useState<AlarmScope>('open');
  const [handling, setHandling] = useState<Alarm | null>(null);
  const mayProcess = usePermissionStore((s) => s.sets.buttons.has(PROCESS_PERMISSION));
  const alarms = useMoreList(alarmPage, { scope, terminalId }, { pageSize: ALARM_PAGE_SIZE, keyOf: (a: Alarm) => a.alarmId });
  const list = alarms.rows ?? [];
  const { change, hasMore } = alarms;

  // new alarms arrive over the live feed while the page is open
  useEffect(() => {
    if (scope !== 'open') return;
    const release = fleetStore.acquire();
    const off = fleetStore.onAlarms((pushed) => {
      const mine = pushed.filter((a) => !a.handled && (!terminalId || a.terminalId === terminalId));
      if (mine.length) change((old) => mergeAlarms(old, mine));
    });
    return () => {
      off();
      release();
    };
  }, [scope, terminalId, change]);

  const handled = (a: Alarm) => {
    setHandling(null);
    change((old) => (scope === 'open' ? old.filter((o) => o.alarmId !== a.alarmId) : old.map((o) => (o.alarmId === a.alarmId ? a : o))));
  };

  return (
    <div className="m-page">
      <NavBar back={null}>{terminalId ? `${A.title} · ${terminalId}` : A.title}</NavBar>
      <div className="mo-sticky">
        <CapsuleTabs activeKey={scope} onChange={(k) => setScope(k as AlarmScope)}>
          <CapsuleTabs.Tab key="open" title={A.open} />
          <CapsuleTabs.Tab key="history" title={A.history} />
        </CapsuleTabs>
      </div>
      <PullToRefresh onRefresh={alarms.refresh}>
        {list.length === 0 && !hasMore && <ErrorBlock status="empty" title={A.none} description="" />}
        <List>
          {list.map((a) => (
            <List.Item
              key={a.alarmId}
              data-testid={`mo-alarm-${a.alarmId}`}
              title={beijingFormat(a.alarmTime)}
              description={
                a.handled
                  ? `${A.handled}${a.handledBy ? ` · ${A.handledBy(a.handledBy)}` : ''}${a.handleNote ? ` · ${a.handleNote}` : ''}`
                  : undefined
              }
              extra={
                !a.handled && mayProcess ? (
                  <Button size="small" color="primary" onClick={() => setHandling(a)}>
                    {A.handle}
                  </Button>
                ) : a.handled ? (
                  <Tag color="success" fill="outline">
                    {A.handled}
                  </Tag>
                ) : null
              }
            >
              <span className="mo-alarm-title">
                <b>{a.plate || a.name || a.terminalId}</b>
                <Tag color="danger">{a.typeName}</Tag>
                {a.repeats ? <Tag fill="outline">{A.repeats(a.repeats)}</Tag> : null}
                {a.late && <Tag fill="outline">{A.late}</Tag>}
              </span>
            </List.Item>
          ))}
        </List>
        <InfiniteScroll loadMore={alarms.loadMore} hasMore={hasMore} />
      </PullToRefresh>
      <HandleAlarmSheet alarm={handling} onClose={() => setHandling(null)} onHandled={handled} />
    </div>
  );
}
