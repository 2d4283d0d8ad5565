import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { FLAG_SUCCESS, MSG } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError, fail } from '../../http/errors.ts';
import { splitList } from '../../http/listInput.ts';
import { TimeParam, parseTime } from '../../http/timeInput.ts';
import { identifierKey } from '../terminals/identifiers.ts';
import { terminalScope } from '../terminals/terminalScope.ts';
import { visibleTerminal } from '../terminals/terminals.service.ts';
import { visibleVehicles } from '../terminals/vehicles.service.ts';
import { LastPositionSchema, presentPosition } from './position.presenter.ts';
import { monitorQueries, type LatestRow, type TrackRow } from './monitor.queries.ts';

/** Without terminalIds the whole visible fleet is answered in windows of at most this many. */
export const MAX_LAST_POSITIONS = 10_000;
export const MAX_TRACK_DAYS = 31;
const TRACK_WINDOW_ROWS = 5000;

const LastQuery = Type.Object({
  terminalIds: Type.Optional(Type.String({ maxLength: 50_000 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LAST_POSITIONS, default: 2000 })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 })),
});
const TrackQuery = Type.Object({
  vehicleId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
  terminalId: Type.Optional(Type.String({ minLength: 1, maxLength: 24 })),
  start: TimeParam,
  end: TimeParam,
  includeInvalid: Type.Optional(Type.Boolean()),
});

export const latestToPosition = (r: LatestRow) =>
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
  app.get('/car/v4/api/monitor/lastPositions.json', { schema: { querystring: LastQuery, response: { 200: Type.Array(LastPositionSchema) } } }, async (request) => {
    const query = request.query as Static<typeof LastQuery>;
    const ids = splitList(query.terminalIds, MAX_LAST_POSITIONS);
    const keys = ids.length ? ids.map(identifierKey) : null;
    const rows = await monitorQueries.latest(ctx.db, terminalScope(caller(request)), keys, keys ? MAX_LAST_POSITIONS : query.limit ?? 2000, keys ? 0 : query.offset ?? 0);
    return rows.map(latestToPosition);
  });

  // Streams: a month of 10-second reports is 260 000 points; they are read in keyset windows and
  // written as they come, never held whole. Failures before the first byte get a normal envelope.
  app.get('/car/v4/api/monitor/track.json', { config: { raw: true }, schema: { querystring: TrackQuery } }, async (request, reply) => {
    const user = caller(request);
    const query = request.query as Static<typeof TrackQuery>;
    let start = parseTime(query.start, 'start');
    const end = parseTime(query.end, 'end');
    if (!start || !end) throw new AppError('badRequest', '请选择查询的开始和结束时间');
    if (end <= start) throw fail('结束时间必须晚于开始时间');
    if (end.getTime() - start.getTime() > MAX_TRACK_DAYS * 86_400_000) throw fail(`查询时间范围不能超过${MAX_TRACK_DAYS}天`);
    let identifier = query.terminalId;
    if (query.vehicleId !== undefined) {
      const [vehicle] = await visibleVehicles(ctx.db, user, [query.vehicleId]);
      if (!vehicle.identifier) throw fail('该车辆未绑定设备');
      identifier = vehicle.identifier;
    }
    if (!identifier) throw new AppError('badRequest', '请选择车辆或设备');
    const terminal = await visibleTerminal(ctx.db, user, identifier);
    // A new owner's history starts at the hand-over; the platform administrator sees it all.
    if (!user.isPlatformAdmin && terminal.assigned_at && terminal.assigned_at > start) start = terminal.assigned_at;

    const head = {
      terminalId: terminal.identifier, vehicleId: terminal.vehicle_id, plate: terminal.plate ?? '', start: start.getTime(), end: end.getTime(),
    };
    const db = ctx.db;
    const includeInvalid = query.includeInvalid ?? false;
    async function* body() {
      yield `{"flag":${FLAG_SUCCESS},"msg":${JSON.stringify(MSG.success)},"obj":${JSON.stringify(head).slice(0, -1)},"points":[`;
      let after = new Date(start!.getTime() - 1);
      let first = true;
      for (;;) {
        const rows = await monitorQueries.trackWindow(db, terminal.id, after, end!, includeInvalid, TRACK_WINDOW_ROWS);
        if (rows.length === 0) break;
        let chunk = '';
        for (const r of rows) {
          chunk += (first ? '' : ',') + JSON.stringify(trackPoint(r));
          first = false;
        }
        yield chunk;
        if (rows.length < TRACK_WINDOW_ROWS) break;
        after = rows[rows.length - 1].gps_time;
      }
      yield ']}}';
    }
    return reply.type('application/json; charset=utf-8').send(Readable.from(body()));
  });
};
