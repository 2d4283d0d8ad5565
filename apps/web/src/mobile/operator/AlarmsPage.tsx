import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button, CapsuleTabs, ErrorBlock, InfiniteScroll, List, NavBar, PullToRefresh, Tag } from 'antd-mobile';
import type { Alarm } from '@chelian/contracts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { fleetStore } from './fleetStore.ts';
import { ALARM_PAGE_SIZE, loadAlarms, mergeAlarms, PROCESS_PERMISSION, type AlarmScope } from './alarms.ts';
import { HandleAlarmSheet } from './HandleAlarmSheet.tsx';
import { O } from './texts.ts';
import './operator.css';

const A = O.alarms;

/** 报警: the unhandled ones (new ones pushed live), the last 7 days; a tap handles one. */
export default function AlarmsPage() {
  const [params] = useSearchParams();
  const terminalId = params.get('q') ?? undefined;
  const [scope, setScope] = useState<AlarmScope>('open');
  const [list, setList] = useState<Alarm[]>([]);
  const [page, setPage] = useState(0);
  const [hasMore, setHasMore] = useState(true);
  const [handling, setHandling] = useState<Alarm | null>(null);
  const mayProcess = usePermissionStore((s) => s.sets.buttons.has(PROCESS_PERMISSION));

  const loadPage = useCallback(
    async (next: number, replace: boolean) => {
      const answer = await loadAlarms(scope, next, terminalId);
      setList((old) => (replace ? answer.list : [...old, ...answer.list.filter((a) => !old.some((o) => o.alarmId === a.alarmId))]));
      setPage(next);
      setHasMore(next * ALARM_PAGE_SIZE < answer.total);
    },
    [scope, terminalId],
  );

  useEffect(() => {
    setList([]);
    setPage(0);
    setHasMore(true);
  }, [scope, terminalId]);

  // new alarms arrive over the live feed while the page is open
  useEffect(() => {
    if (scope !== 'open') return;
    const release = fleetStore.acquire();
    const off = fleetStore.onAlarms((pushed) => {
      const mine = pushed.filter((a) => !a.handled && (!terminalId || a.terminalId === terminalId));
      if (mine.length) setList((old) => mergeAlarms(old, mine));
    });
    return () => {
      off();
      release();
    };
  }, [scope, terminalId]);

  const handled = (a: Alarm) => {
    setHandling(null);
    setList((old) => (scope === 'open' ? old.filter((o) => o.alarmId !== a.alarmId) : old.map((o) => (o.alarmId === a.alarmId ? a : o))));
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
      <PullToRefresh onRefresh={() => loadPage(1, true)}>
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
        <InfiniteScroll loadMore={() => loadPage(page + 1, page === 0)} hasMore={hasMore} />
      </PullToRefresh>
      <HandleAlarmSheet alarm={handling} onClose={() => setHandling(null)} onHandled={handled} />
    </div>
  );
}
