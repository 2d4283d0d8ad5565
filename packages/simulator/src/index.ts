/**
 * @chelian/simulator — GPS terminals that speak JT/T 808, GT06, H02 and the watch protocol over real TCP, driving
 * plausible routes on a street grid around Chinese city centres. Used by `npm run simulate`,
 * by the server's demo mode and by the gateway's reliability tests.
 */
export { CITIES, CITY_NAMES, cityByName, type City } from './cities.ts';
export { StreetDriver, type DriverFix, type DriverOptions, type DriverPhase } from './driver.ts';
export { Rng, seedFor } from './random.ts';
export { SimVehicle, type Report, type VehicleOptions } from './vehicle.ts';
export { Delivery, type LocationRecord } from './delivery.ts';
export {
  SimTerminal,
  type ConnectionOptions,
  type TerminalEvent,
  type TerminalSpec,
  type TerminalState,
  type TerminalStats,
} from './terminal.ts';
export { Jt808Terminal } from './jt808Terminal.ts';
export { Gt06Terminal } from './gt06Terminal.ts';
export { EbikeTerminal, type EbikeOptions } from './ebikeTerminal.ts';
export { SimBattery, type BatteryFigures, type BatteryOptions } from './ebikeBattery.ts';
export { H02Terminal } from './h02Terminal.ts';
export { WatchTerminal, WATCH_ALARMS, type WatchAlarm, type WatchOptions, type WatchState } from './watchTerminal.ts';
export { RouteWalker, type RoutePoint } from './routeWalker.ts';
export { PetWalker, type PetFix, type PetMode, type PetOptions } from './petWalker.ts';
export { PetCollar, PET_TRACKING_MAX_SECONDS, type PetCollarOptions } from './petCollar.ts';
export { CollarBattery, type CollarBatteryOptions } from './collarBattery.ts';
export {
  EBIKE_DRIVER,
  Fleet,
  WALKER,
  createTerminal,
  planTerminals,
  plateFor,
  statusLine,
  terminalIdentifier,
  type FleetOptions,
  type FleetTotals,
  type PlanOptions,
  type ProtocolChoice,
} from './fleet.ts';
