import { elecLeaseEndpoints } from '@chelian/contracts';
import {
  AccountBookOutlined,
  BarChartOutlined,
  CarOutlined,
  FileTextOutlined,
  IdcardOutlined,
  ShopOutlined,
  TagsOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { ProductHome } from '../../shared/home/ProductHome.tsx';
import { useHomeRefresh, useHomeSource } from '../../shared/home/useHomeSource.ts';
import type { HomeFigure, HomeShortcut } from '../../shared/home/homeItems.ts';
import { homeMessages as H } from '../../shared/i18n/home.ts';
import { CHILD } from '../../child/childContext.ts';
import { useOpenShellPath } from '../../child/pages/useOpenShellPath.ts';

const SHORTCUTS: HomeShortcut[] = [
  { menu: 'lease:order', icon: <FileTextOutlined /> },
  { menu: 'lease:bill', icon: <AccountBookOutlined /> },
  { menu: 'lease:risk', icon: <WarningOutlined /> },
  { menu: 'lease:vehicle', icon: <CarOutlined /> },
  { menu: 'lease:rider', icon: <IdcardOutlined /> },
  { menu: 'lease:stats', icon: <BarChartOutlined /> },
  { menu: 'lease:plan', icon: <TagsOutlined /> },
  { menu: 'lease:store', icon: <ShopOutlined /> },
];
const ONE = { current: 1, pageSize: 1 };

/**
 * 电单车租赁's home: 租赁车辆's list by state (its totals), 逾期风控's overdue contracts and
 * 租金账单's unpaid bills, each the 共 N 条 of the page it opens.
 */
export function LeaseHome() {
  const refresh = useHomeRefresh();
  const open = useOpenShellPath();
  const { tick } = refresh;
  const all = useHomeSource(elecLeaseEndpoints.vehicles, ONE, ['lease:vehicle'], tick);
  const available = useHomeSource(elecLeaseEndpoints.vehicles, { ...ONE, state: 'available' }, ['lease:vehicle'], tick);
  const rented = useHomeSource(elecLeaseEndpoints.vehicles, { ...ONE, state: 'rented' }, ['lease:vehicle'], tick);
  const overdue = useHomeSource(elecLeaseEndpoints.overdue, ONE, ['lease:risk'], tick);
  const unpaid = useHomeSource(elecLeaseEndpoints.bills, { ...ONE, status: 'unpaid' }, ['lease:bill'], tick);
  const total = (page: { total: number } | null | undefined) => page && page.total;
  const figures: HomeFigure[] = [
    { key: 'vehicles', label: H.lease.vehicles, value: total(all), menu: 'lease:vehicle' },
    { key: 'available', label: H.lease.available, value: total(available), menu: 'lease:vehicle', tone: 'success' },
    { key: 'rented', label: H.lease.rented, value: total(rented), menu: 'lease:vehicle' },
    { key: 'overdue', label: H.lease.overdue, value: total(overdue), menu: 'lease:risk', tone: 'danger' },
    { key: 'unpaid', label: H.lease.unpaid, value: total(unpaid), menu: 'lease:bill', tone: 'warning' },
  ];
  return <ProductHome title={CHILD.sys.title} figures={figures} shortcuts={SHORTCUTS} refresh={refresh} onOpen={open} />;
}
