import { cardEndpoints, type CardReportRow } from '@chelian/contracts';
import {
  AlertOutlined,
  BarChartOutlined,
  CalendarOutlined,
  CarryOutOutlined,
  EnvironmentOutlined,
  FlagOutlined,
  HistoryOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { ProductHome } from '../../shared/home/ProductHome.tsx';
import { useHomeRefresh, useHomeSource } from '../../shared/home/useHomeSource.ts';
import type { HomeFigure, HomeShortcut } from '../../shared/home/homeItems.ts';
import { homeMessages as H } from '../../shared/i18n/home.ts';
import { beijingDate } from '../../shared/format/beijingTime.ts';
import { CHILD } from '../../child/childContext.ts';
import { useOpenShellPath } from '../../child/pages/useOpenShellPath.ts';

const SHORTCUTS: HomeShortcut[] = [
  { menu: 'card:monitor', icon: <EnvironmentOutlined /> },
  { menu: 'card:attendance', icon: <CarryOutOutlined /> },
  { menu: 'card:alarm', icon: <AlertOutlined /> },
  { menu: 'card:patrol', icon: <FlagOutlined /> },
  { menu: 'card:playback', icon: <HistoryOutlined /> },
  { menu: 'card:staff', icon: <TeamOutlined /> },
  { menu: 'card:shift', icon: <CalendarOutlined /> },
  { menu: 'card:report', icon: <BarChartOutlined /> },
];

/** People of today's 统计报表 (a day report, today so far) with any period of that kind. */
const people = (rows: CardReportRow[] | undefined, pick: (r: CardReportRow) => number) => rows && rows.filter((r) => pick(r) > 0).length;

/**
 * 智能工牌's home: today's attendance as 统计报表's day report has it (people scheduled, arrived,
 * late, absent: its rows) and today's alarms as 报警中心 lists them (its total).
 */
export function CardHome() {
  const refresh = useHomeRefresh();
  const open = useOpenShellPath();
  const today = beijingDate(refresh.updatedAt);
  const report = useHomeSource(cardEndpoints.report, { kind: 'day', date: today }, ['card:report'], refresh.tick);
  const alarms = useHomeSource(cardEndpoints.alarms, { date: today, current: 1, pageSize: 1 }, ['card:alarm'], refresh.tick);
  const rows = report === null ? null : report?.rows;
  const count = (pick: (r: CardReportRow) => number) => (rows === null ? null : people(rows, pick));
  const figures: HomeFigure[] = [
    { key: 'scheduled', label: H.card.scheduled, value: count((r) => r.scheduledPeriods), unit: H.card.people, menu: 'card:report' },
    { key: 'arrived', label: H.card.arrived, value: count((r) => r.arrived), unit: H.card.people, menu: 'card:report', tone: 'success' },
    { key: 'late', label: H.card.late, value: count((r) => r.late), unit: H.card.people, menu: 'card:report', tone: 'warning' },
    { key: 'absent', label: H.card.absent, value: count((r) => r.absent), unit: H.card.people, menu: 'card:report', tone: 'danger' },
    { key: 'alarms', label: H.card.alarms, value: alarms && alarms.total, menu: 'card:alarm', tone: 'danger' },
  ];
  return <ProductHome title={CHILD.sys.title} figures={figures} shortcuts={SHORTCUTS} refresh={refresh} onOpen={open} />;
}
