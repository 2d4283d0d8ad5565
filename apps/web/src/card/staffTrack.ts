import { decodeTrack, playbackEndpoints } from '@chelian/contracts';
import { call } from '../shared/request/call.ts';

type LL = [number, number];

/**
 * One person's track over a span, as [lon, lat] (WGS-84), for 轨迹回放's map:
 * `useLoaded(staffTrack, { staffId, start, end })`. A person is their badge's vehicle (staffId is
 * its id), so the platform's track answers it under the caller's own scope — no car product right.
 */
export async function staffTrack(q: { staffId: number; start: number; end: number }, quiet: boolean): Promise<LL[]> {
  const bytes = await call(
    playbackEndpoints.trackBytes,
    { vehicleId: q.staffId, start: q.start, end: q.end },
    { silent: quiet, timeout: 120_000 },
  );
  const decoded = decodeTrack(bytes);
  if (!decoded.ok) return [];
  const { track } = decoded;
  const points: LL[] = [];
  for (let i = 0; i < track.length; i++) points.push([track.lon[i], track.lat[i]]);
  return points;
}
