import { accountEndpoints, ACCOUNT_ERRORS } from './accounts.ts';
import { addressEndpoints } from './address.ts';
import { auditEndpoints, AUDIT_ERRORS } from './audit.ts';
import { alarmEndpoints, ALARM_ERRORS } from './alarms.ts';
import { alarmPushEndpoints, ALARM_PUSH_ERRORS } from './alarmPush.ts';
import { commandEndpoints, COMMAND_ERRORS } from './commands.ts';
import { authEndpoints, AUTH_ERRORS } from './auth.ts';
import { brandingEndpoints, BRANDING_ERRORS } from './branding.ts';
import { mapSettingsEndpoints, MAP_SETTINGS_ERRORS } from './mapSettings.ts';
import { streetMapEndpoints } from './streetMap.ts';
import { noticeEndpoints, NOTICE_ERRORS } from './notices.ts';
import { COMMON_ERRORS } from './errors.ts';
import { groupEndpoints, terminalEndpoints, vehicleEndpoints, TERMINAL_ERRORS } from './terminals.ts';
import { helpMessageEndpoints, HELP_MESSAGE_ERRORS } from './helpMessages.ts';
import { securityEndpoints, SECURITY_ERRORS } from './security.ts';
import { systemEndpoints, SYSTEM_ERRORS } from './system.ts';
import { tokenEndpoints } from './token.ts';
import { exportEndpoints, EXPORT_ERRORS } from './exports.ts';
import { geofenceEndpoints, GEOFENCE_ERRORS } from './geofences.ts';
import { monitorEndpoints } from './monitor.ts';
import { playbackEndpoints, PLAYBACK_ERRORS } from './playback.ts';
import { reportEndpoints, REPORT_ERRORS } from './reports.ts';
import { fleetReportEndpoints } from './reportFleet.ts';
import { elecCarEndpoints, ELEC_CAR_ERRORS } from './elecCar.ts';
import { elecLeaseEndpoints, ELEC_LEASE_ERRORS } from './elecLease.ts';
import { leaseRiderEndpoints, LEASE_RIDER_ERRORS } from './leaseRider.ts';
import { elecGbEndpoints, ELEC_GB_ERRORS } from './elecGb.ts';
import { drivingReportEndpoints } from './reportDriving.ts';
import { dataCenterEndpoints } from './dataCenter.ts';
import { monthlyReportEndpoints, MONTHLY_ERRORS } from './reportMonthly.ts';
import { cardEndpoints, CARD_ERRORS } from './card.ts';
import { assistantEndpoints, ASSISTANT_ERRORS } from './assistant.ts';
import { petEndpoints, PET_ERRORS } from './pet.ts';
import { endUserEndpoints, END_USER_ERRORS } from './endUsers.ts';
import { pendingTerminalEndpoints, PENDING_TERMINAL_ERRORS } from './pendingTerminals.ts';

/**
 * The whole API in one place: every endpoint group and every error catalogue. The server checks
 * at start that it registers exactly these endpoints; the OpenAPI document is made from them;
 * the tests walk them. A domain adds its group and its catalogue here.
 */
export const ENDPOINT_GROUPS = {
  terminal: terminalEndpoints,
  pendingTerminal: pendingTerminalEndpoints,
  vehicle: vehicleEndpoints,
  group: groupEndpoints,
  auth: authEndpoints,
  token: tokenEndpoints,
  security: securityEndpoints,
  branding: brandingEndpoints,
  notice: noticeEndpoints,
  system: systemEndpoints,
  helpMessage: helpMessageEndpoints,
  account: accountEndpoints,
  alarm: alarmEndpoints,
  alarmPush: alarmPushEndpoints,
  report: reportEndpoints,
  reportFleet: fleetReportEndpoints,
  reportDriving: drivingReportEndpoints,
  dataCenter: dataCenterEndpoints,
  reportMonthly: monthlyReportEndpoints,
  export: exportEndpoints,
  monitor: monitorEndpoints,
  playback: playbackEndpoints,
  command: commandEndpoints,
  geofence: geofenceEndpoints,
  address: addressEndpoints,
  mapSettings: mapSettingsEndpoints,
  streetMap: streetMapEndpoints,
  audit: auditEndpoints,
  elecCar: elecCarEndpoints,
  elecLease: elecLeaseEndpoints,
  leaseRider: leaseRiderEndpoints,
  elecGb: elecGbEndpoints,
  card: cardEndpoints,
  assistant: assistantEndpoints,
  pet: petEndpoints,
  endUser: endUserEndpoints,
} as const;

export const ERROR_CATALOGUES = {
  common: COMMON_ERRORS,
  terminal: TERMINAL_ERRORS,
  pendingTerminal: PENDING_TERMINAL_ERRORS,
  auth: AUTH_ERRORS,
  security: SECURITY_ERRORS,
  helpMessage: HELP_MESSAGE_ERRORS,
  branding: BRANDING_ERRORS,
  mapSettings: MAP_SETTINGS_ERRORS,
  notice: NOTICE_ERRORS,
  system: SYSTEM_ERRORS,
  account: ACCOUNT_ERRORS,
  alarm: ALARM_ERRORS,
  alarmPush: ALARM_PUSH_ERRORS,
  report: REPORT_ERRORS,
  reportMonthly: MONTHLY_ERRORS,
  export: EXPORT_ERRORS,
  playback: PLAYBACK_ERRORS,
  command: COMMAND_ERRORS,
  geofence: GEOFENCE_ERRORS,
  audit: AUDIT_ERRORS,
  elecCar: ELEC_CAR_ERRORS,
  elecLease: ELEC_LEASE_ERRORS,
  leaseRider: LEASE_RIDER_ERRORS,
  elecGb: ELEC_GB_ERRORS,
  card: CARD_ERRORS,
  assistant: ASSISTANT_ERRORS,
  pet: PET_ERRORS,
  endUser: END_USER_ERRORS,
} as const;
