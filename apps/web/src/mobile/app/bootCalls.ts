// What 掌上车联's boot script (m-boot, apps/web/build/mobileChunks.ts) asks the server for with a
// stored session, before the app's code has come: plain data, no imports (the build reads it too).
// bootCalls.test.ts holds each to its endpoint's path and to the query the app's own call sends.

/** The session's calls (session.ts loadSession): the user, the role's resource tree, its sub-products. */
export const BOOT_SESSION_CALLS: readonly string[] = [
  '/car/v1/api/user/getUser.json',
  '/car/v1/api/resource/newList.json?version=v4&from=carWeb4',
  '/car/v1/api/platform/getPlatformByRoleId.json',
];
/** 车队's last positions (fleetStore's first load), when the app opens on 车队. */
export const BOOT_FLEET_CALL = '/car/v4/api/monitor/lastPositions.json?limit=10000';
/** Where the app lands after a start at / (earlyCalls.ts rememberLanding). */
export const LANDING_KEY = 'chelian_m_landing';
/** The phone app's platformId header (main.tsx sets DEFAULT_PLATFORM_ID). */
export const BOOT_PLATFORM_ID = 1;
/** Where the boot script leaves its answers for the request layer (earlyCalls.ts takeBootAnswers). */
export const BOOT_ANSWERS = '__chelianBootAnswers';
