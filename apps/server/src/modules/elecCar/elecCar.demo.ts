/**
 * The demo's e-bikes for 电单车卫士: GT06 e-bike trackers (0xF1 status, 0x40 BMS) in their own
 * group, each a vehicle of type ebike with its 电单车卫士 profile (as bindBike makes it).
 */
import type { DemoPart } from '../feature.ts';
import {
  DEMO_CAR_COUNT,
  demoVehicles,
  driveDemoVehicles,
  seedDemoVehiclePast,
  seedDemoVehicles,
  type DemoGroup,
  type DemoVehicle,
} from '../terminals/terminals.demo.ts';
import { bikesQueries } from './bikes.queries.ts';
import { seedDemoBatteryWeek, seedDemoPowerOrders } from './demoHistory.ts';

/** After the car fleet's groups, numbered after its vehicles (the identifiers the demo has always had). */
const EBIKE_GROUPS: readonly DemoGroup[] = [{ name: '电单车', sort: 3, mix: [['gt06', 5]], kind: 'ebike' }];

/** The demo e-bikes' profile (48 V, 20 Ah: the simulator's pack). */
export const DEMO_EBIKE_PROFILE = { brand: '雅迪', model: 'DE3', frameNo: '', motorNo: '', batteryVoltage: 48, batteryCapacity: 20 };

export const demoEbikes = (): DemoVehicle[] => demoVehicles(EBIKE_GROUPS, DEMO_CAR_COUNT);

export const elecCarDemo: DemoPart = {
  menus: ['elecCar'],
  protocols: ['gt06'],
  async seed(ctx, operator) {
    const created = await seedDemoVehicles(ctx, operator, EBIKE_GROUPS, demoEbikes(), (vehicleId) =>
      bikesQueries.insertProfile(ctx.db, vehicleId, DEMO_EBIKE_PROFILE),
    );
    // The week behind them: 行程停留 and the reports show trips and stops on the first start,
    // 电池管理 the packs' week (run along those trips) and 车辆监控 a power cut and its restore.
    await seedDemoVehiclePast(ctx, demoEbikes());
    await seedDemoBatteryWeek(ctx, demoEbikes());
    await seedDemoPowerOrders(ctx, operator, demoEbikes());
    return created;
  },
  // The bikes are armed while parked (auto-arm); their riders mostly disarm with the key fob before riding off.
  drive: (ports, intervalSeconds) => [driveDemoVehicles(demoEbikes(), ports, intervalSeconds, { ebike: { riderDisarms: 0.9 } })],
};
