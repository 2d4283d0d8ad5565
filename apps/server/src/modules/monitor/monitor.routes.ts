import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { FLAG_SUCCESS, MSG, TRACK_CONTENT_TYPE, encodeTrackEnd, encodeTrackFrame, encodeTrackHeader, type LastPosition, type LastPositionsQuery } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { requestOf } from '../../http/contract.ts';
import { splitList } from '../../http/listInput.ts';
import { TimeParam } from '../../http/timeInput.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { LastPositionSchema, presentPosition } from '../../core/position.presenter.ts';
import { monitorQueries, type LatestRow, type TrackRow } from './monitor.queries.ts';
import { resolveTrack, trackColumnWindows, trackHead, trackRowWindows } from './track.service.ts';

/** Without terminalIds the whole visible fleet is answered in windows of at most this many. */
export const MAX_LAST_POSITIONS = 10_000;

const LastQuery = requestOf<LastPositionsQuery>()(Type.Object({
  terminalIds: Type.Optional(Type.String({ maxLength: 50_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LAST_POSITIONS, default: 2000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
}));
const TrackQuery = Type.Object({
  vehicleId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
  terminalId: Type.Optional(Type.String({ minLength: 1, maxLength: 24 })),
  start: TimeParam,
  end: TimeParam,
  includeInvalid: Type.Optional(Type.Boolean()),
});

export const latestToPosition = (r: LatestRow): LastPosition =>
  presentPosition(
    { identifier: r.identifier, vehicleId: r.vehicle_id, plate: r.plate, vehicleName: r.vehicle_name, online: r.online },
    { ...r, gpsTime: r.gps_time.getTime(), receivedAt: r.received_at.getTime() },
  );

const trackPoint = (p: TrackRow) => ({
  gpsTime: p.gps_time.getTime(), lat: p.lat, lon: p.lon, speed: Math.round(p.speed * 10) / 10, direction: p.course,
  altitude: Math.round(p.altitude * 10) / 10, valid: p.valid, acc: p.acc, mileage: p.mileage === null ? null : Math.round(p.mileage * 10) / 10, alarms: p.alarms,
});

/** Current positions of the fleet and the track of one vehicle. */
export const monitorRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.get('/car/v4/api/monitor/lastPositions.json', { schema: { querystring: LastQuery, response: { 200: Type.Array(LastPositionSchema) } } }, async (request): Promise<LastPosition[]> => {
    const query = request.query as Static<typeof LastQuery>;
    const ids = splitList(query.terminalIds, MAX_LAST_POSITIONS);
    const keys = ids.length ? ids.map(identifierKey) : null;
    const rows = await monitorQueries.latest(ctx.db, terminalScope(caller(request)), keys, keys ? MAX_LAST_POSITIONS : query.limit ?? 2000, keys ? 0 : query.offset ?? 0);
    return rows.map(latestToPosition);
  });

  // Streams: a month of 10-second reports is 260 000 points; they are read in keyset windows and
  // written as they come, never held whole. Failures before the first byte get a normal envelope.
  app.get('/car/v4/api/monitor/track.json', { config: { raw: true }, schema: { querystring: TrackQuery } }, async (request, reply) => {
    const query = request.query as Static<typeof TrackQuery>;
    const target = await resolveTrack(ctx.db, caller(request), query);
    const head = trackHead(target);
    const db = ctx.db;
    async function* body() {
      yield `{"flag":${FLAG_SUCCESS},"msg":${JSON.stringify(MSG.success)},"obj":${JSON.stringify(head).slice(0, -1)},"points":[`;
      let first = true;
      for await (const rows of trackRowWindows(db, target, query.includeInvalid ?? false)) {
        let chunk = '';
        for (const r of rows) {
          chunk += (first ? '' : ',') + JSON.stringify(trackPoint(r));
          first = false;
        }
        yield chunk;
      }
      yield ']}}';
    }
    return reply.type('application/json; charset=utf-8').send(Readable.from(body()));
  });

  // The playback page's and the follow trail's format (contracts/track.ts): the same points, under
  // the same rules, as integer columns (~20 bytes a point instead of ~155), streamed window by window.
  app.get('/car/v4/api/monitor/track.bin', { config: { raw: true }, schema: { querystring: TrackQuery } }, async (request, reply) => {
    const query = request.query as Static<typeof TrackQuery>;
    const target = await resolveTrack(ctx.db, caller(request), query);
    const base = Math.floor(target.start.getTime() / 1000);
    const head = { ...trackHead(target), base };
    const db = ctx.db;
    async function* body() {
      yield encodeTrackHeader(head);
      let total = 0;
      for await (const window of trackColumnWindows(db, target, query.includeInvalid ?? false, base)) {
        yield encodeTrackFrame(window);
        total += window.length;
      }
      yield encodeTrackEnd(total);
    }
    reply.type(TRACK_CONTENT_TYPE).header('vary', 'accept-encoding');
    // Level 1 in zlib's thread pool: the body shrinks ~3× (deltas repeat) for little CPU.
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.send(Readable.from(body()));
    return reply.header('content-encoding', 'gzip').send(pipeline(Readable.from(body()), createGzip({ level: 1 }), () => {}));
  });
};
