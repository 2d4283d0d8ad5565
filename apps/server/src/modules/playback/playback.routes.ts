import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { loadReverseGeocoder } from '@chelian/geo';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { AppError, fail } from '../../http/errors.ts';
import { TimeParam, parseTime } from '../../http/timeInput.ts';
import { permission } from '../accounts/permissions.ts';
import { monitorQueries } from '../monitor/monitor.queries.ts';
import { MAX_TRACK_DAYS } from '../monitor/monitor.routes.ts';
import { visibleTerminal } from '../terminals/terminals.service.ts';
import { visibleVehicles } from '../terminals/vehicles.service.ts';
import { beijingTime, trackWorkbook, type SheetPoint } from './trackSheet.ts';

const ExportBody = Type.Object({
  vehicleId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }),
  start: TimeParam,
  end: TimeParam,
  overspeedKmh: Type.Optional(Type.Number({ minimum: 1, maximum: 400 })),
});
const WINDOW = 5000;

/** Track playback's Excel export (the web's blob download): every point with its address. */
export const playbackRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.post('/car/v4/api/playback/exportTrack.json', { config: { raw: true, permission: permission('car:playback') }, schema: { body: ExportBody } }, async (request, reply) => {
    const user = caller(request);
    const body = request.body as Static<typeof ExportBody>;
    let start = parseTime(body.start, 'start');
    const end = parseTime(body.end, 'end');
    if (!start || !end) throw new AppError('badRequest', '请选择查询的开始和结束时间');
    if (end <= start) throw fail('结束时间必须晚于开始时间');
    if (end.getTime() - start.getTime() > MAX_TRACK_DAYS * 86_400_000) throw fail(`查询时间范围不能超过${MAX_TRACK_DAYS}天`);
    const [vehicle] = await visibleVehicles(ctx.db, user, [body.vehicleId]);
    if (!vehicle.identifier) throw fail('该车辆未绑定设备');
    const terminal = await visibleTerminal(ctx.db, user, vehicle.identifier);
    // the same rule as the track itself: a new owner's history starts at the hand-over
    if (!user.isPlatformAdmin && terminal.assigned_at && terminal.assigned_at > start) start = terminal.assigned_at;
    const geocoder = await loadReverseGeocoder();
    const db = ctx.db;
    const from = start;
    async function* windows(): AsyncIterable<SheetPoint[]> {
      let after = new Date(from.getTime() - 1);
      for (;;) {
        const rows = await monitorQueries.trackWindow(db, terminal.id, after, end!, false, WINDOW);
        if (rows.length === 0) return;
        yield rows.map((r) => ({ gpsTime: r.gps_time, lat: r.lat, lon: r.lon, speed: r.speed, course: r.course, mileage: r.mileage, acc: r.acc }));
        if (rows.length < WINDOW) return;
        after = rows[rows.length - 1].gps_time;
      }
    }
    const plate = vehicle.plate || vehicle.name || vehicle.identifier;
    const title = `${plate} 轨迹明细 ${beijingTime(from)} 至 ${beijingTime(end)}`;
    const fileName = `轨迹明细-${plate}-${beijingTime(from).slice(0, 10)}.xlsx`;
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(trackWorkbook(title, windows(), geocoder, body.overspeedKmh ?? 100));
  });
};
