import { EXPIRE_DEFAULT_DAYS, fleetReportEndpoints, reportEndpoints } from '@chelian/contracts';
import {
  AlertOutlined,
  AuditOutlined,
  CalendarOutlined,
  DashboardOutlined,
  DisconnectOutlined,
  FieldTimeOutlined,
  HourglassOutlined,
  KeyOutlined,
  NodeIndexOutlined,
  PauseCircleOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { ProductHome } from '../../shared/home/ProductHome.tsx';
import { useHomeRefresh, useHomeSource } from '../../shared/home/useHomeSource.ts';
import type { HomeFigure, HomeShortcut } from '../../shared/home/homeItems.ts';
import { homeMessages as H } from '../../shared/i18n/home.ts';
import { beijingDate } from '../../shared/format/beijingTime.ts';
import { CHILD } from '../../child/childContext.ts';
import { useOpenShellPath } from '../../child/pages/useOpenShellPath.ts';

const SHORTCUTS: HomeShortcut[] = [
  { menu: 'report:mileage', icon: <DashboardOutlined /> },
  { menu: 'report:alarm', icon: <AlertOutlined /> },
  { menu: 'report:online', icon: <WifiOutlined /> },
  { menu: 'report:trip', icon: <NodeIndexOutlined /> },
  { menu: 'report:stay', icon: <PauseCircleOutlined /> },
  { menu: 'report:overspeed', icon: <FieldTimeOutlined /> },
  { menu: 'report:acc', icon: <KeyOutlined /> },
  { menu: 'report:monthly', icon: <CalendarOutlined /> },
  { menu: 'report:offline', icon: <DisconnectOutlined /> },
  { menu: 'report:expire', icon: <HourglassOutlined /> },
  { menu: 'report:alarmHandle', icon: <AuditOutlined /> },
];
const ONE = { current: 1, pageSize: 1 };
/** An online rate (0–1) as the 在线明细 cards show it, in %. */
const percent = (rate: number | null | undefined) => (rate === null || rate === undefined ? rate : rate * 100);

/**
 * 数据报表's home: today's totals of its reports, each read from that report with today as its
 * range (or its default filters) — the cards and 共 N 条 the report shows — and every report a shortcut.
 */
export function ReportHome() {
  const refresh = useHomeRefresh();
  const open = useOpenShellPath();
  const { tick } = refresh;
  const today = beijingDate(refresh.updatedAt);
  const day = { ...ONE, startDate: today, endDate: today };
  const mileage = useHomeSource(reportEndpoints.mileage, day, ['report:mileage'], tick);
  const alarms = useHomeSource(reportEndpoints.alarmDetail, day, ['report:alarm'], tick);
  const online = useHomeSource(reportEndpoints.online, day, ['report:online'], tick);
  const offline = useHomeSource(fleetReportEndpoints.offline, ONE, ['report:offline'], tick);
  const expire = useHomeSource(fleetReportEndpoints.expire, { ...ONE, withinDays: EXPIRE_DEFAULT_DAYS }, ['report:expire'], tick);
  const figures: HomeFigure[] = [
    {
      key: 'mileage',
      label: H.report.mileage,
      value: mileage && mileage.totals.mileageKm,
      digits: 1,
      unit: H.report.km,
      menu: 'report:mileage',
    },
    { key: 'alarms', label: H.report.alarms, value: alarms && alarms.total, menu: 'report:alarm', tone: 'danger' },
    {
      key: 'online',
      label: H.report.online,
      value: online && percent(online.totals.onlineRate),
      digits: 1,
      unit: '%',
      menu: 'report:online',
      tone: 'success',
      tip: H.report.onlineTip,
    },
    { key: 'offline', label: H.report.offline, value: offline && offline.total, menu: 'report:offline', tone: 'muted' },
    {
      key: 'expiring',
      label: H.report.expiring,
      value: expire && expire.total,
      menu: 'report:expire',
      tone: 'warning',
      tip: H.report.expiringTip,
    },
  ];
  return <ProductHome title={CHILD.sys.title} figures={figures} shortcuts={SHORTCUTS} refresh={refresh} onOpen={open} />;
}
