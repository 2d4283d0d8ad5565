/**
 * The address that opens the car app's playback of one vehicle from other apps (its deep links are
 * listed in docs/car.md). A shell path: the shell shows the car app at /car/…, and /car/playback
 * with urlType=blank opens without the layout.
 */
export const playbackUrl = (vehicleId: number | string, range?: { start: number; end: number }) =>
  `/car/playback?urlType=blank&vehicleId=${encodeURIComponent(String(vehicleId))}${range ? `&start=${range.start}&end=${range.end}` : ''}`;
