import type { Feature } from './feature.ts';
import { accountsFeature } from './accounts/accounts.feature.ts';
import { addressFeature } from './address/address.feature.ts';
import { alarmDeliveryFeature } from './alarmDelivery/alarmDelivery.feature.ts';
import { alarmsFeature } from './alarms/alarms.feature.ts';
import { alarmSettingsFeature } from './alarmSettings/alarmSettings.feature.ts';
import { assistantFeature } from './assistant/assistant.feature.ts';
import { auditFeature } from './audit/audit.feature.ts';
import { authFeature } from './auth/auth.feature.ts';
import { brandingFeature } from './branding/branding.feature.ts';
import { cardFeature } from './card/card.feature.ts';
import { commandsFeature } from './commands/commands.feature.ts';
import { dataCenterFeature } from './dataCenter/dataCenter.feature.ts';
import { elecCarFeature } from './elecCar/elecCar.feature.ts';
import { elecGbFeature } from './elecGb/elecGb.feature.ts';
import { elecLeaseFeature } from './elecLease/elecLease.feature.ts';
import { exportsFeature } from './exports/exports.feature.ts';
import { geofencesFeature } from './geofences/geofences.feature.ts';
import { messagesFeature } from './messages/messages.feature.ts';
import { monitorFeature } from './monitor/monitor.feature.ts';
import { noticesFeature } from './notices/notices.feature.ts';
import { overspeedAlarmsFeature } from './overspeedAlarms/overspeedAlarms.feature.ts';
import { petFeature } from './pet/pet.feature.ts';
import { endUsersFeature } from './endUsers/endUsers.feature.ts';
import { playbackFeature } from './playback/playback.feature.ts';
import { positionsFeature } from './positions/positions.feature.ts';
import { reportsFeature } from './reports/reports.feature.ts';
import { securityFeature } from './security/security.feature.ts';
import { streetMapFeature } from './streetMap/streetMap.feature.ts';
import { systemFeature } from './system/system.feature.ts';
import { terminalsFeature } from './terminals/terminals.feature.ts';
import { mapSettingsFeature } from './mapSettings/mapSettings.feature.ts';
import { liveFeature } from '../live/live.feature.ts';

/**
 * Every server feature, the one list (docs/architecture.md "The house: features"): the API side
 * registers their routes, the gateway role starts their engines, the jobs role their jobs and the
 * first start runs their seeds, all in this order. A manifest loads nothing until its role asks,
 * so importing this list costs a gateway-only process nothing. Seeds in order: accounts first
 * (the resource catalogue and the platform administrator).
 */
export const features: readonly Feature[] = [
  authFeature,
  accountsFeature,
  brandingFeature,
  messagesFeature,
  noticesFeature,
  securityFeature,
  alarmSettingsFeature,
  alarmDeliveryFeature,
  exportsFeature,
  systemFeature,
  terminalsFeature,
  monitorFeature,
  alarmsFeature,
  auditFeature,
  commandsFeature,
  liveFeature,
  addressFeature,
  mapSettingsFeature,
  streetMapFeature,
  geofencesFeature,
  overspeedAlarmsFeature,
  playbackFeature,
  reportsFeature,
  positionsFeature,
  elecCarFeature,
  elecLeaseFeature,
  cardFeature,
  elecGbFeature,
  dataCenterFeature,
  assistantFeature,
  petFeature,
  endUsersFeature,
];
