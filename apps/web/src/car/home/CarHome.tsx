import { alarmEndpoints, reportEndpoints } from '@chelian/contracts';
import {
  AimOutlined,
  AlertOutlined,
  ApartmentOutlined,
  CarOutlined,
  EnvironmentOutlined,
  GatewayOutlined,
  HistoryOutlined,
  SendOutlined,
} from '@ant-design/icons';
import { ProductHome } from '../../shared/home/ProductHome.tsx';
import { useHomeRefresh, useHomeSource } from '../../shared/home/useHomeSource.ts';
import type { HomeFigure, HomeShortcut } from '../../shared/home/homeItems.ts';
import { homeMessages as H } from '../../shared/i18n/home.ts';
import { vehicleTexts } from '../../shared/i18n/vehicleTexts.ts';
import { beijingDate, beijingDateTime } from '../../shared/format/beijingTime.ts';
import { CHILD } from '../../child/childContext.ts';
import { useOpenShellPath } from '../../child/pages/useOpenShellPath.ts';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { useFleetValue } from '../fleet/useFleetValue.ts';
import type { StateCounts } from '../../shared/vehicle/vehicleState.ts';

const SHORTCUTS: HomeShortcut[] = [
  { menu: 'car:monitor', icon: <EnvironmentOutlined /> },
  { menu: 'car:alarm', icon: <AlertOutlined /> },
  { menu: 'car:playback', icon: <HistoryOutlined /> },
  { menu: 'car:follow', icon: <AimOutlined /> },
  { menu: 'car:command', icon: <SendOutlined /> },
  { menu: 'car:geofence', icon: <GatewayOutlined /> },
  { menu: 'car:vehicle', icon: <CarOutlined /> },
  { menu: 'car:group', icon: <ApartmentOutlined /> },
];
const S = vehicleTexts.state;
const RECENT = 5;
const same = (a: StateCounts, b: StateCounts) =>
  a.total === b.total && a.moving === b.moving && a.stopped === b.stopped && a.offline === b.offline;

/**
 * 智能车联's home: the fleet as 实时监控's tabs count it (the same store, live), 报警中心's unhandled
 * real-time alarms (its list's total, the newest listed) and today's km as 里程报表 sums it.
 */
export function CarHome() {
  const refresh = useHomeRefresh();
  const open = useOpenShellPath();
  const { loading } = useFleet();
  const counts = useFleetValue((store) => store.counts(), same);
  const today = beijingDate(refresh.updatedAt);
  const alarms = useHomeSource(alarmEndpoints.realtime, { current: 1, pageSize: RECENT }, ['car:alarm'], refresh.tick);
  const mileage = useHomeSource(
    reportEndpoints.mileage,
    { startDate: today, endDate: today, current: 1, pageSize: 1 },
    ['report:mileage'],
    refresh.tick,
  );
  const fleet = (n: number) => (loading ? undefined : n);
  const figures: HomeFigure[] = [
    { key: 'total', label: H.car.total, value: fleet(counts.total), menu: 'car:monitor' },
    { key: 'moving', label: S.moving, value: fleet(counts.moving), menu: 'car:monitor', tone: 'success' },
    { key: 'stopped', label: S.stopped, value: fleet(counts.stopped), menu: 'car:monitor' },
    { key: 'offline', label: S.offline, value: fleet(counts.offline), menu: 'car:monitor', tone: 'muted' },
    { key: 'unhandled', label: H.car.unhandled, value: alarms && alarms.total, menu: 'car:alarm', tone: 'danger' },
    { key: 'mileage', label: H.car.mileage, value: mileage && mileage.totals.mileageKm, digits: 1, unit: H.car.km, menu: 'report:mileage' },
  ];
  const recent = alarms && {
    title: H.car.alarmsTitle,
    content: alarms.list.length ? (
      <ul className="ph-list" data-testid="home-recent">
        {alarms.list.map((a) => (
          <li key={a.alarmId}>
            <button type="button" onClick={() => open('/car/alarm')}>
              <span className="ph-list-type">{a.typeName}</span>
              <span>{a.plate || a.name || a.terminalId}</span>
              <span className="ph-list-time">{beijingDateTime(a.alarmTime)}</span>
            </button>
          </li>
        ))}
      </ul>
    ) : (
      <div className="ph-list-empty">{H.car.noAlarms}</div>
    ),
  };
  return <ProductHome title={CHILD.sys.title} figures={figures} shortcuts={SHORTCUTS} refresh={refresh} onOpen={open} recent={recent} />;
}
