import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { loadReverseGeocoder } from '@chelian/geo';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { TimeParam } from '../../http/timeInput.ts';
import { permission } from '../../core/permissions.ts';
import { resolveTrack, trackRowWindows } from '../monitor/track.service.ts';
import { beijingTime, trackWorkbook, type SheetPoint } from './trackSheet.ts';

const ExportBody = Type.Object({
  vehicleId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }),
  start: TimeParam,
  end: TimeParam,
  overspeedKmh: Type.Optional(Type.Number({ minimum: 1, maximum: 400 })),
});

/** Track playback's Excel export (the web's blob download): every point with its address. */
export const playbackRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  app.post('/car/v4/api/playback/exportTrack.json', { config: { raw: true, permission: permission('car:playback') }, schema: { body: ExportBody } }, async (request, reply) => {
    const body = request.body as Static<typeof ExportBody>;
    const target = await resolveTrack(ctx.db, caller(request), body);
    const geocoder = await loadReverseGeocoder();
    const db = ctx.db;
    async function* windows(): AsyncIterable<SheetPoint[]> {
      for await (const rows of trackRowWindows(db, target, false)) {
        yield rows.map((r) => ({ gpsTime: r.gps_time, lat: r.lat, lon: r.lon, speed: r.speed, course: r.course, mileage: r.mileage, acc: r.acc }));
      }
    }
    const { vehicle, start: from, end } = target;
    const plate = vehicle?.plate || vehicle?.name || target.terminal.identifier;
    const title = `${plate} 轨迹明细 ${beijingTime(from)} 至 ${beijingTime(end)}`;
    const fileName = `轨迹明细-${plate}-${beijingTime(from).slice(0, 10)}.xlsx`;
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(trackWorkbook(title, windows(), geocoder, body.overspeedKmh ?? 100));
  });
};
