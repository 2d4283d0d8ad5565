import type { GbBatteryRow, GbBatteryTrend } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { batteryQueries, presentReport, type BatteryReport } from '../ebike/battery.queries.ts';
import { presentBms } from '../elecCar/batteryBms.ts';
import type { GbBikeRow } from './gbBikes.queries.ts';
import { gbBatteryQueries, type BoardRow } from './gbBattery.queries.ts';
import { batteryRisk } from './gbRisk.ts';

/** to_jsonb gives timestamps as text: back to the row shape presentReport reads. */
function reportOf(json: Record<string, unknown> | null): BatteryReport | null {
  if (!json) return null;
  return presentReport({
    ...json,
    received_at: new Date(String(json.received_at)),
    bms_time: json.bms_time ? new Date(String(json.bms_time)) : null,
  } as Parameters<typeof presentReport>[0]);
}

const ok = (r: BatteryReport, field: string) => !r.implausible.includes(field as BatteryReport['implausible'][number]);
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

export function boardRow(
  b: Pick<BoardRow, 'bike_id' | 'plate' | 'frame_no' | 'identifier' | 'online'>,
  r: BatteryReport | null,
): GbBatteryRow {
  const risk = batteryRisk(r);
  const bms = r ? presentBms(r) : null;
  return {
    bikeId: Number(b.bike_id),
    plate: b.plate,
    frameNo: b.frame_no,
    terminalId: b.identifier ?? '',
    online: b.online === true,
    reportedAt: r ? r.receivedAt : null,
    socPct: r && ok(r, 'soc') ? r.socPct : null,
    voltageV: r && ok(r, 'voltage') ? round(r.voltageV, 2) : null,
    currentA: r && ok(r, 'current') ? round(r.currentA, 2) : null,
    temperatureC: r && ok(r, 'temperature') ? round(r.temperatureC, 1) : null,
    cycles: r ? r.cycles : null,
    healthPct: r && ok(r, 'health') ? r.healthPct : null,
    cellMinV: r?.cellMinV ?? null,
    cellMaxV: r?.cellMaxV ?? null,
    cellSpreadV: r?.cellSpreadV ?? null,
    health: risk.health,
    healthName: risk.healthName,
    risk: risk.risk,
    riskReasons: risk.reasons,
    faults: bms?.faults ?? [],
    flagged: bms?.flagged ?? [],
  };
}

/** The fleet's packs, riskiest first (then the newest report first); bikes without a report last. */
export async function batteryBoard(db: Db, scope: string, like: string | null): Promise<GbBatteryRow[]> {
  const rows = (await gbBatteryQueries.board(db, scope, like)).map((b) => boardRow(b, reportOf(b.report)));
  return rows.sort((x, y) => y.risk - x.risk || (y.reportedAt ?? -1) - (x.reportedAt ?? -1) || x.bikeId - y.bikeId);
}

/** One bike's packs over a span: every report's figures (implausible ones left out), and the newest cells. */
export async function batteryTrend(db: Db, bike: GbBikeRow, start: Date, end: Date): Promise<GbBatteryTrend> {
  const reports = bike.terminal_pk === null ? [] : await batteryQueries.between(db, Number(bike.terminal_pk), start, end);
  const latest = bike.terminal_pk === null ? null : await batteryQueries.latest(db, Number(bike.terminal_pk));
  const row = boardRow(
    { bike_id: bike.id, plate: bike.plate, frame_no: bike.frame_no, identifier: bike.identifier, online: bike.online },
    latest,
  );
  return {
    row,
    points: reports.map((r) => ({
      time: r.receivedAt,
      socPct: ok(r, 'soc') ? r.socPct : null,
      voltageV: ok(r, 'voltage') ? round(r.voltageV, 2) : null,
      currentA: ok(r, 'current') ? round(r.currentA, 2) : null,
      temperatureC: ok(r, 'temperature') ? round(r.temperatureC, 1) : null,
      cellMinV: r.cellMinV,
      cellMaxV: r.cellMaxV,
      cellSpreadV: r.cellSpreadV,
    })),
    cells: latest && ok(latest, 'cells') ? latest.cellVolts : [],
  };
}
