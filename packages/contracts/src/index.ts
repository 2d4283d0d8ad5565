// Shared request/response contracts for the server (validation, serialization) and the web
// (typed calls). Each domain adds its own file and re-exports it here.
export * from './envelope.ts';
export * from './platforms.ts';
export * from './auth.ts';
export * from './accounts.ts';
export * from './token.ts';
export * from './security.ts';
export * from './branding.ts';
export * from './system.ts';
export * from './helpMessages.ts';
export * from './messages.ts';
export * from './reports.ts';
export * from './exports.ts';
export * from './track.ts';
export * from './monitor.ts';
export * from './playback.ts';
export * from './address.ts';
export * from './alarms.ts';
export * from './alarmPush.ts';
export * from './commands.ts';
export * from './geofences.ts';
export * from './terminals.ts';
export * from './endpoint.ts';
export * from './errors.ts';
export * from './schemas.ts';
export * from './resources.ts';
export * from './catalogue.ts';
