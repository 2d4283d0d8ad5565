import { Readable, pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import {
  FLAG_SUCCESS,
  MSG,
  TRACK_CONTENT_TYPE,
  encodeTrackEnd,
  encodeTrackFrame,
  encodeTrackHeader,
  playbackEndpoints,
} from '@chelian/contracts';
import { loadReverseGeocoder } from '@chelian/geo';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { presentTrackPoint } from './track.presenter.ts';
import { resolveTrack, trackColumnWindows, trackHead, trackRowWindows } from './track.service.ts';
import { beijingTime, trackWorkbook, type SheetPoint } from './trackSheet.ts';

/**
 * One vehicle's track: as JSON rows, as our binary columns (the playback page's format) and as an
 * Excel sheet with addresses. Each streams: a month of 10-second reports is 260 000 points, read in
 * keyset windows and written as they come, never held whole. Failures before the first byte
 * (range, visibility) get the normal envelope.
 */
export const playbackRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const db = ctx.db;

  route(app, playbackEndpoints.track, async (query, request, reply) => {
    const target = await resolveTrack(db, caller(request), query);
    const head = trackHead(target);
    async function* body() {
      yield `{"flag":${FLAG_SUCCESS},"msg":${JSON.stringify(MSG.success)},"obj":${JSON.stringify(head).slice(0, -1)},"points":[`;
      let first = true;
      for await (const rows of trackRowWindows(db, target, query.includeInvalid ?? false)) {
        let chunk = '';
        for (const r of rows) {
          chunk += (first ? '' : ',') + JSON.stringify(presentTrackPoint(r));
          first = false;
        }
        yield chunk;
      }
      yield ']}}';
    }
    return reply.type('application/json; charset=utf-8').send(Readable.from(body()));
  });

  // The same points, under the same rules, as integer columns (contracts/track.ts): ~20 bytes a
  // point instead of ~155.
  route(app, playbackEndpoints.trackBytes, async (query, request, reply) => {
    const target = await resolveTrack(db, caller(request), query);
    const base = Math.floor(target.start.getTime() / 1000);
    const head = { ...trackHead(target), base };
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

  // The web's blob download: every point with its offline address.
  route(app, playbackEndpoints.exportTrack, async (input, request, reply) => {
    const target = await resolveTrack(db, caller(request), input);
    const geocoder = await loadReverseGeocoder();
    async function* windows(): AsyncIterable<SheetPoint[]> {
      for await (const rows of trackRowWindows(db, target, false)) {
        yield rows.map((r) => ({
          gpsTime: r.gps_time,
          lat: r.lat,
          lon: r.lon,
          speed: r.speed,
          course: r.course,
          mileage: r.mileage,
          acc: r.acc,
        }));
      }
    }
    const { vehicle, start: from, end } = target;
    const plate = vehicle?.plate || vehicle?.name || target.terminal.identifier;
    const title = `${plate} 轨迹明细 ${beijingTime(from)} 至 ${beijingTime(end)}`;
    const fileName = `轨迹明细-${plate}-${beijingTime(from).slice(0, 10)}.xlsx`;
    return reply
      .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`)
      .send(trackWorkbook(title, windows(), geocoder, input.overspeedKmh ?? 100));
  });
};
