import { dataCenterEndpoints } from '@chelian/contracts';
import { DesktopOutlined, PieChartOutlined } from '@ant-design/icons';
import { ProductHome } from '../../shared/home/ProductHome.tsx';
import { useHomeRefresh, useHomeSource } from '../../shared/home/useHomeSource.ts';
import type { HomeFigure, HomeShortcut } from '../../shared/home/homeItems.ts';
import { homeMessages as H } from '../../shared/i18n/home.ts';
import { CHILD } from '../../child/childContext.ts';
import { useOpenShellPath } from '../../child/pages/useOpenShellPath.ts';

const SHORTCUTS: HomeShortcut[] = [
  { menu: 'dataCenter:overview', icon: <PieChartOutlined /> },
  { menu: 'dataCenter:screen', icon: <DesktopOutlined /> },
];

/** 数据中心's home: 数据总览's own answer — the fleet now, today's alarms, terminals expired and ending within 30 days. */
export function DataCenterHome() {
  const refresh = useHomeRefresh();
  const open = useOpenShellPath();
  const o = useHomeSource(dataCenterEndpoints.overview, undefined, ['dataCenter:overview'], refresh.tick);
  const v = (pick: (x: NonNullable<typeof o>) => number) => (o ? pick(o) : o);
  const figures: HomeFigure[] = [
    { key: 'total', label: H.dataCenter.total, value: v((x) => x.fleet.total), menu: 'dataCenter:overview' },
    { key: 'online', label: H.dataCenter.online, value: v((x) => x.fleet.online), menu: 'dataCenter:overview', tone: 'success' },
    { key: 'offline', label: H.dataCenter.offline, value: v((x) => x.fleet.offline), menu: 'dataCenter:overview', tone: 'muted' },
    { key: 'alarms', label: H.dataCenter.alarms, value: v((x) => x.alarmsToday.total), menu: 'dataCenter:overview', tone: 'danger' },
    { key: 'expired', label: H.dataCenter.expired, value: v((x) => x.expiring.expired), menu: 'dataCenter:overview', tone: 'danger' },
    { key: 'soon', label: H.dataCenter.soon, value: v((x) => x.expiring.soon), menu: 'dataCenter:overview', tone: 'warning' },
  ];
  return <ProductHome title={CHILD.sys.title} figures={figures} shortcuts={SHORTCUTS} refresh={refresh} onOpen={open} />;
}
