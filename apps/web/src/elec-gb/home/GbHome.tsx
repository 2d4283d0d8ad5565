import { elecGbEndpoints } from '@chelian/contracts';
import { AlertOutlined, AuditOutlined, BarChartOutlined, FormOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { ProductHome } from '../../shared/home/ProductHome.tsx';
import { useHomeRefresh, useHomeSource } from '../../shared/home/useHomeSource.ts';
import type { HomeFigure, HomeShortcut } from '../../shared/home/homeItems.ts';
import { homeMessages as H } from '../../shared/i18n/home.ts';
import { beijingDate } from '../../shared/format/beijingTime.ts';
import { CHILD } from '../../child/childContext.ts';
import { useOpenShellPath } from '../../child/pages/useOpenShellPath.ts';

const SHORTCUTS: HomeShortcut[] = [
  { menu: 'gb:declare', icon: <AuditOutlined /> },
  { menu: 'gb:record', icon: <FormOutlined /> },
  { menu: 'gb:battery', icon: <ThunderboltOutlined /> },
  { menu: 'gb:alarm', icon: <AlertOutlined /> },
  { menu: 'gb:stats', icon: <BarChartOutlined /> },
];
const ONE = { current: 1, pageSize: 1 };

/** 新国标's home: 备案登记's bikes, 申报二维码's declarations by review state and today's 报警记录, each its page's 共 N 条. */
export function GbHome() {
  const refresh = useHomeRefresh();
  const open = useOpenShellPath();
  const { tick } = refresh;
  const today = beijingDate(refresh.updatedAt);
  const bikes = useHomeSource(elecGbEndpoints.list, ONE, ['gb:record'], tick);
  const pending = useHomeSource(elecGbEndpoints.declarations, { ...ONE, status: 'pending' }, ['gb:declare'], tick);
  const approved = useHomeSource(elecGbEndpoints.declarations, { ...ONE, status: 'approved' }, ['gb:declare'], tick);
  const rejected = useHomeSource(elecGbEndpoints.declarations, { ...ONE, status: 'rejected' }, ['gb:declare'], tick);
  const alarms = useHomeSource(elecGbEndpoints.alarms, { ...ONE, startDate: today, endDate: today }, ['gb:alarm'], tick);
  const total = (page: { total: number } | null | undefined) => page && page.total;
  const figures: HomeFigure[] = [
    { key: 'bikes', label: H.gb.bikes, value: total(bikes), menu: 'gb:record' },
    { key: 'pending', label: H.gb.pending, value: total(pending), menu: 'gb:declare', tone: 'warning' },
    { key: 'approved', label: H.gb.approved, value: total(approved), menu: 'gb:declare', tone: 'success' },
    { key: 'rejected', label: H.gb.rejected, value: total(rejected), menu: 'gb:declare', tone: 'muted' },
    { key: 'alarms', label: H.gb.alarms, value: total(alarms), menu: 'gb:alarm', tone: 'danger' },
  ];
  return <ProductHome title={CHILD.sys.title} figures={figures} shortcuts={SHORTCUTS} refresh={refresh} onOpen={open} />;
}
