import type { ApiModule } from '../http/app.ts';
import { accountsRoutes } from './accounts/accounts.routes.ts';
import { adminRoutes } from './accounts/admin.routes.ts';
import { addressRoutes } from './address/address.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { brandingRoutes } from './branding/branding.routes.ts';
import { alarmSettingsRoutes } from './alarmSettings/alarmSettings.routes.ts';
import { alarmDeliveryRoutes } from './alarmDelivery/alarmDelivery.routes.ts';
import { exportsRoutes } from './exports/exports.routes.ts';
import { geofencesRoutes } from './geofences/geofences.routes.ts';
import { playbackRoutes } from './playback/playback.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { noticesRoutes } from './notices/notices.routes.ts';
import { securityRoutes } from './security/security.routes.ts';
import { systemRoutes } from './system/system.routes.ts';
import { terminalsRoutes } from './terminals/terminals.routes.ts';
import { monitorRoutes } from './monitor/monitor.routes.ts';
import { alarmsRoutes } from './alarms/alarms.routes.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { commandsRoutes } from './commands/commands.routes.ts';
import { reportsRoutes } from './reports/reports.routes.ts';
import { fleetReportsRoutes } from './reports/fleet.routes.ts';
import { elecCarRoutes } from './elecCar/elecCar.routes.ts';
import { elecLeaseRoutes } from './elecLease/elecLease.routes.ts';
import { cardRoutes } from './card/card.routes.ts';
import { elecGbRoutes } from './elecGb/elecGb.routes.ts';
import { drivingReportsRoutes } from './reports/drivingReports.routes.ts';
import { dataCenterRoutes } from './dataCenter/dataCenter.routes.ts';
import { assistantRoutes } from './assistant/assistant.routes.ts';
import { petRoutes } from './pet/pet.routes.ts';
import { liveRoutes } from '../live/live.routes.ts';

/** Every API module, each an encapsulated Fastify plugin made from the app context. */
export const apiModules: readonly ApiModule[] = [
  authRoutes,
  accountsRoutes,
  adminRoutes,
  brandingRoutes,
  messagesRoutes,
  noticesRoutes,
  securityRoutes,
  alarmSettingsRoutes,
  alarmDeliveryRoutes,
  exportsRoutes,
  systemRoutes,
  terminalsRoutes,
  monitorRoutes,
  alarmsRoutes,
  auditRoutes,
  commandsRoutes,
  liveRoutes,
  addressRoutes,
  geofencesRoutes,
  playbackRoutes,
  reportsRoutes,
  fleetReportsRoutes,
  elecCarRoutes,
  elecLeaseRoutes,
  cardRoutes,
  elecGbRoutes,
  drivingReportsRoutes,
  dataCenterRoutes,
  assistantRoutes,
  petRoutes,
];
