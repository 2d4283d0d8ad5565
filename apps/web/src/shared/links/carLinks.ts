/**
 * Addresses that open the car app on one vehicle (deep links for the assistant, the reports and other apps;
 * listed in docs/car.md). Shell paths: the shell shows the car app at /car/…, and /car/playback
 * with urlType=blank opens without the layout.
 */
export const playbackUrl = (vehicleId: number | string, range?: { start: number; end: number }) =>
  `/car/playback?urlType=blank&vehicleId=${encodeURIComponent(String(vehicleId))}${range ? `&start=${range.start}&end=${range.end}` : ''}`;
export const vehicleDetailUrl = (vehicleId: number | string) => `/car/monitor?vehicleId=${encodeURIComponent(String(vehicleId))}`;
export const followUrl = (vehicleId: number | string) => `/car/follow?vehicleId=${encodeURIComponent(String(vehicleId))}`;
export const alarmHistoryUrl = (vehicleId: number | string) => `/car/alarm?tab=history&vehicleId=${encodeURIComponent(String(vehicleId))}`;
