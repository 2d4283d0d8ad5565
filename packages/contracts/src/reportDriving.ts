/**
 * 超速报表 and ACC 报表 (data-report, menus 20006 and 20007): episodes read from the raw positions
 * of the requested Beijing days (docs/reports.md has the rules). Both take the common report
 * filters and answer GET (query) and POST (form) alike.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { reportFilterFields, vehicleFields } from './reports.ts';
import { PageQuery, pageOf } from './schemas.ts';

/** The limit when neither a fence nor the vehicle has one (km/h), as Traccar-like platforms default. */
export const OVERSPEED_DEFAULT_LIMIT_KMH = 100;
/** The page's choices for the shortest episode (seconds) and the default. */
export const OVERSPEED_MIN_SECONDS = [0, 10, 30, 60, 180] as const;
export const OVERSPEED_DEFAULT_MIN_SECONDS = 10;

const OverspeedQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    ...reportFilterFields,
    /** the shortest episode counted, seconds (default OVERSPEED_DEFAULT_MIN_SECONDS) */
    minSeconds: Type.Optional(Type.Integer({ minimum: 0, maximum: 3600 })),
  }),
]);
export type OverspeedQuery = Static<typeof OverspeedQuery>;

/** Where the limit came from: a fence the fix was in, the vehicle's own, or the platform's default. */
const LimitSourceSchema = Type.Union([Type.Literal('fence'), Type.Literal('vehicle'), Type.Literal('default')]);
export type LimitSource = Static<typeof LimitSourceSchema>;

/**
 * One overspeed episode: consecutive valid fixes above the limit that applied to each, within
 * one Beijing day, lasting at least minSeconds (first to last fix above the limit).
 */
export const OverspeedRowSchema = Type.Object({
  ...vehicleFields,
  day: Type.String(),
  /** the first fix above the limit, epoch ms */
  startAt: Type.Number(),
  /** the last fix above the limit, epoch ms */
  endAt: Type.Number(),
  seconds: Type.Integer(),
  /** km/h, the episode's highest fix */
  maxSpeed: Type.Number(),
  /** km/h, the limit that applied */
  limitKmh: Type.Number(),
  limitSource: LimitSourceSchema,
  /** the fence whose limit applied ('' unless limitSource is 'fence') */
  fenceName: Type.String(),
  /** where it began (WGS-84, the first fix) */
  lon: Type.Number(),
  lat: Type.Number(),
  /** fixes above the limit */
  points: Type.Integer(),
});
export type OverspeedRow = Static<typeof OverspeedRowSchema>;
const OverspeedPageSchema = pageOf(OverspeedRowSchema, {
  totals: Type.Object({ episodes: Type.Integer(), seconds: Type.Integer(), vehicles: Type.Integer(), maxSpeed: Type.Number() }),
});
export type OverspeedPage = Static<typeof OverspeedPageSchema>;

/**
 * One ignition period: from the fix that reported the state (or the day's start, when it carried
 * over from before midnight) to the fix that reported the other one (or midnight, when it carried
 * on), within one Beijing day.
 */
export const AccRowSchema = Type.Object({
  ...vehicleFields,
  day: Type.String(),
  /** true: ACC on (ignition), false: off */
  acc: Type.Boolean(),
  startAt: Type.Number(),
  endAt: Type.Number(),
  seconds: Type.Integer(),
  /** no later report of either state: it ends at the last fix read (today: it may still last) */
  open: Type.Boolean(),
});
export type AccRow = Static<typeof AccRowSchema>;

/** One vehicle's ACC time over the range (the chart). */
export const AccVehicleSchema = Type.Object({
  vehicleId: Type.Integer(),
  plate: Type.String(),
  name: Type.String(),
  onSeconds: Type.Integer(),
  offSeconds: Type.Integer(),
  /** ignition switched on within the range (not carried over from before it or from the day before) */
  starts: Type.Integer(),
});
export type AccVehicle = Static<typeof AccVehicleSchema>;
const AccPageSchema = pageOf(AccRowSchema, {
  totals: Type.Object({ onSeconds: Type.Integer(), offSeconds: Type.Integer(), starts: Type.Integer(), vehicles: Type.Integer() }),
  /** vehicles by ACC-on time, most first (at most ACC_CHART_VEHICLES) */
  vehicles: Type.Array(AccVehicleSchema),
});
export type AccPage = Static<typeof AccPageSchema>;
export const ACC_CHART_VEHICLES = 20;

const AccQuery = Type.Intersect([PageQuery, Type.Object(reportFilterFields)]);
export type AccQuery = Static<typeof AccQuery>;

const base = '/car/v1/accelerate/report';

export const drivingReportEndpoints = {
  /** newest day first, then by plate and time */
  overspeed: endpoint({
    method: 'GET|POST',
    path: `${base}/overspeed/overspeedReport.json`,
    tag: '数据报表',
    summary: '查询超速报表',
    permission: 'report:overspeed',
    input: OverspeedQuery,
    answer: OverspeedPageSchema,
  }),
  /** newest day first, then by plate and time */
  acc: endpoint({
    method: 'GET|POST',
    path: `${base}/acc/accReport.json`,
    tag: '数据报表',
    summary: '查询ACC报表',
    permission: 'report:acc',
    input: AccQuery,
    answer: AccPageSchema,
  }),
};
