import { elecCarEndpoints, productHomeEndpoints } from '@chelian/contracts';
import {
  AlertOutlined,
  CarOutlined,
  DashboardOutlined,
  GatewayOutlined,
  LockOutlined,
  NodeIndexOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { ProductHome } from '../../shared/home/ProductHome.tsx';
import { useHomeRefresh, useHomeSource } from '../../shared/home/useHomeSource.ts';
import type { HomeFigure, HomeShortcut } from '../../shared/home/homeItems.ts';
import { homeMessages as H } from '../../shared/i18n/home.ts';
import { beijingDate } from '../../shared/format/beijingTime.ts';
import { CHILD } from '../../child/childContext.ts';
import { useOpenShellPath } from '../../child/pages/useOpenShellPath.ts';

const SHORTCUTS: HomeShortcut[] = [
  { menu: 'elecCar:monitor', icon: <DashboardOutlined /> },
  { menu: 'elecCar:guard', icon: <LockOutlined /> },
  { menu: 'elecCar:alarm', icon: <AlertOutlined /> },
  { menu: 'elecCar:battery', icon: <ThunderboltOutlined /> },
  { menu: 'elecCar:trips', icon: <NodeIndexOutlined /> },
  { menu: 'elecCar:fence', icon: <GatewayOutlined /> },
  { menu: 'elecCar:bikes', icon: <CarOutlined /> },
];

/** 电单车卫士's home: its bikes with 车辆监控's status (online, armed, battery) and today's alarms as 报警记录 lists them. */
export function ElecCarHome() {
  const refresh = useHomeRefresh();
  const open = useOpenShellPath();
  const today = beijingDate(refresh.updatedAt);
  const menus = ['elecCar:bikes', 'elecCar:monitor', 'elecCar:guard', 'elecCar:battery'];
  const home = useHomeSource(productHomeEndpoints.elecCar, undefined, menus, refresh.tick);
  const alarms = useHomeSource(
    elecCarEndpoints.alarms,
    { startDate: today, endDate: today, current: 1, pageSize: 1 },
    ['elecCar:alarm'],
    refresh.tick,
  );
  const v = (pick: (h: NonNullable<typeof home>) => number) => (home ? pick(home) : home);
  const figures: HomeFigure[] = [
    { key: 'bikes', label: H.elecCar.bikes, value: v((h) => h.bikes), menu: 'elecCar:bikes' },
    { key: 'online', label: H.elecCar.online, value: v((h) => h.online), menu: 'elecCar:monitor', tone: 'success' },
    { key: 'armed', label: H.elecCar.armed, value: v((h) => h.armed), menu: 'elecCar:guard' },
    {
      key: 'lowBattery',
      label: H.elecCar.lowBattery,
      value: v((h) => h.lowBattery),
      menu: 'elecCar:battery',
      tone: 'warning',
      tip: H.elecCar.lowBatteryTip,
    },
    { key: 'alarms', label: H.elecCar.alarms, value: alarms && alarms.total, menu: 'elecCar:alarm', tone: 'danger' },
  ];
  return <ProductHome title={CHILD.sys.title} figures={figures} shortcuts={SHORTCUTS} refresh={refresh} onOpen={open} />;
}
