/**
 * Track playback (car app): one vehicle's or terminal's track over at most MAX_TRACK_DAYS, as
 * JSON rows (track.json), as our binary columns (track.bin, the playback page's format, see
 * track.ts) or as an Excel sheet with addresses. The paths stay the spec's, monitor/ included.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, TimeParam } from './schemas.ts';

/** vehicleId or terminalId; a new owner's history starts at the hand-over. */
const TrackQuery = Type.Object({
  vehicleId: Type.Optional(Id()),
  terminalId: Type.Optional(Type.String({ minLength: 1, maxLength: 24 })),
  start: TimeParam,
  end: TimeParam,
  includeInvalid: Type.Optional(Type.Boolean()),
});
export type TrackQuery = Static<typeof TrackQuery>;

const ExportTrackInput = Type.Object({
  vehicleId: Id(),
  start: TimeParam,
  end: TimeParam,
  /** above this speed a point is marked 超速 (default 100 km/h) */
  overspeedKmh: Type.Optional(Type.Number({ minimum: 1, maximum: 400 })),
});
export type ExportTrackInput = Static<typeof ExportTrackInput>;

export const playbackEndpoints = {
  /** The envelope with obj { terminalId, vehicleId, plate, start, end, points: [...] }, streamed. */
  track: endpoint({
    method: 'GET',
    path: '/car/v4/api/monitor/track.json',
    tag: '轨迹回放',
    summary: '查询轨迹',
    input: TrackQuery,
    produces: 'stream',
  }),
  /** decode with decodeTrack (track.ts) */
  trackBytes: endpoint({
    method: 'GET',
    path: '/car/v4/api/monitor/track.bin',
    tag: '轨迹回放',
    summary: '查询轨迹（二进制）',
    input: TrackQuery,
    produces: 'binary',
  }),
  exportTrack: endpoint({
    method: 'POST',
    path: '/car/v4/api/playback/exportTrack.json',
    tag: '轨迹回放',
    summary: '导出轨迹明细',
    permission: 'car:playback',
    input: ExportTrackInput,
    produces: 'excel',
  }),
};

export const PLAYBACK_ERRORS = defineErrors('playback', {
  rangeMissing: { msg: '请选择查询的开始和结束时间', status: 400 },
  endBeforeStart: '结束时间必须晚于开始时间',
  rangeTooLong: '查询时间范围不能超过{days}天',
  targetMissing: { msg: '请选择车辆或设备', status: 400 },
  vehicleWithoutTerminal: '该车辆未绑定设备',
});
