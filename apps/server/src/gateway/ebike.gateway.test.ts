/**
 * E-bike frames over real TCP into real storage: the 0xF1 status (latest state, and the extras of
 * the positions after it), BMS reports as received (impossible figures flagged, never alarmed
 * on), each e-bike alarm raised by the frame that carries it, and the read side H7 builds on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeGt06Alarm, encodeGt06Bms, encodeGt06Location, encodeGt06Login, gt06Codec } from '@chelian/protocols/gt06/index.ts';

import { EBIKE_JT808_VECTORS, EBIKE_VECTORS } from '@chelian/protocols/fixtures/ebike-vectors.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { TestTerminal, eventually, connectJt808 } from '../testing/testTerminal.ts';
import { batteryQueries, bmsChargeSessions } from '../modules/ebike/battery.queries.ts';
import { startGateway, type Gateway } from './gateway.ts';

let t: TestServer;
let gw: Gateway;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0 }, offlineAfterSeconds: 60 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const IMEI = '863120300000017';
const db = () => t.ctx.db;
const hex = (id: string) => Buffer.from([...EBIKE_VECTORS, ...EBIKE_JT808_VECTORS].find((v) => v.id === id)!.hex, 'hex');
const pk = async (identifier: string) =>
  (await db().one<{ id: string }>('SELECT id FROM terminals WHERE identifier = $1', [identifier]))!.id;
const alarmTypes = async (identifier: string) =>
  (
    await db().query<{ type: string }>(
      'SELECT a.type FROM alarms a JOIN terminals t ON t.id = a.terminal_id WHERE t.identifier = $1 ORDER BY a.id',
      [identifier],
    )
  ).map((r) => r.type);

/** Sends a frame and waits for the gateway's answer: once it comes, what the frame said is stored. */
async function exchange(term: TestTerminal, frame: Buffer) {
  term.send(frame);
  return term.next();
}

describe('a GT06 e-bike over TCP', () => {
  let term: TestTerminal;
  beforeAll(async () => {
    term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    await exchange(term, encodeGt06Login(IMEI, 1));
  });
  afterAll(() => term?.close());

  it('stores its 0xF1 status as its latest state, and its positions carry it', async () => {
    await exchange(term, hex('gt06-f1-armed'));
    const state = await batteryQueries.state(db(), Number(await pk(IMEI)));
    expect(state).toMatchObject({
      armed: true,
      acc: false,
      powerCut: false,
      charging: false,
      supplyVolts: 48.2,
      chargeVolts: 0,
      batteryTempC: 23.5,
    });

    const at = { time: Date.UTC(2026, 10, 25, 8, 0, 0), lat: 31.2304, lon: 121.4737, valid: true, speedKmh: 12, course: 0 };
    await exchange(term, encodeGt06Location(at, 2));
    const row = await db().one<{ extras: { ebike?: object } }>('SELECT extras FROM latest_positions WHERE terminal_id = $1', [
      await pk(IMEI),
    ]);
    expect(row!.extras.ebike).toEqual({
      armed: true,
      acc: false,
      powerCut: false,
      charging: false,
      supplyVolts: 48.2,
      chargeVolts: 0,
      batteryTempC: 23.5,
    });

    // A later status changes what it says, and a field it leaves out keeps its value.
    await exchange(term, hex('gt06-f1-no-relay-byte-below-zero'));
    expect(await batteryQueries.state(db(), Number(await pk(IMEI)))).toMatchObject({
      armed: false,
      acc: true,
      powerCut: false,
      batteryTempC: -10,
    });
  });

  it('raises each e-bike alarm from the packet that carries it', async () => {
    const ids = [
      'gt06-26-displacement',
      'gt06-26-low-voltage',
      'gt06-26-acc-on-while-armed',
      'gt06-26-fall-down',
      'gt06-16-vibration-traccar',
      'gt06-16-power-cut-traccar',
    ];
    for (const id of ids) await exchange(term, hex(id));
    // The cover (0x18) and tamper (0x13) codes, a Concox layout with that byte.
    const at = { time: Date.UTC(2026, 10, 25, 8, 30, 0), lat: 31.2304, lon: 121.4737, valid: true, speedKmh: 0, course: 0 };
    await exchange(term, encodeGt06Alarm(at, 'tamper', { armed: true }, 9));
    expect(await alarmTypes(IMEI)).toEqual([
      'displacement',
      'lowVoltage',
      'accOnWhileArmed',
      'fallDown',
      'vibration',
      'powerCut',
      'tamper',
    ]);
  });

  it('stores BMS reports as received; impossible figures are flagged and raise nothing', async () => {
    const before = (await alarmTypes(IMEI)).length;
    await exchange(term, hex('gt06-40-bms-13s'));
    await exchange(term, hex('gt06-40-bms-impossible'));
    const terminalPk = Number(await pk(IMEI));
    const reports = await batteryQueries.between(db(), terminalPk, new Date(0), new Date(Date.now() + 60_000));
    expect(reports).toHaveLength(2);
    expect(reports[0]).toMatchObject({
      socPct: 76,
      voltageV: 49.406,
      currentA: -3.2,
      temperatureC: 25,
      cycles: 128,
      barcode: 'WD209A0001234567',
      implausible: [],
    });
    expect(reports[0].cellVolts).toHaveLength(13);
    expect(reports[0]).toMatchObject({ cellMaxV: 3.803, cellMinV: 3.798, cellSpreadV: 0.005 });
    expect(reports[1]).toMatchObject({ temperatureC: -200, implausible: ['cells', 'temperature'], cellMaxV: null, cellSpreadV: null });
    expect(reports[1].cellVolts[3]).toBe(0);
    expect(reports[1].cellVolts[7]).toBe(65.535);
    expect(await alarmTypes(IMEI)).toHaveLength(before); // no over-voltage, under-voltage, imbalance or cold alarm
  });

  it('a hot pack with a controller fault raises its alarms once per episode', async () => {
    const before = (await alarmTypes(IMEI)).length;
    await exchange(term, hex('gt06-40-bms-hot-faults'));
    await exchange(term, hex('gt06-40-bms-hot-faults'));
    expect((await alarmTypes(IMEI)).slice(before)).toEqual(['batteryOverTemp', 'batteryFault']);
    // A sane report ends them; a hot one again within minutes is the same episode: a repeat of each alarm, no new one.
    await exchange(term, hex('gt06-40-bms-13s'));
    await exchange(term, hex('gt06-40-bms-hot-faults'));
    expect((await alarmTypes(IMEI)).slice(before)).toEqual(['batteryOverTemp', 'batteryFault']);
    const repeats = await db().query<{ repeats: number }>(
      'SELECT a.repeats FROM alarms a JOIN terminals t ON t.id = a.terminal_id WHERE t.identifier = $1 ORDER BY a.id',
      [IMEI],
    );
    expect(repeats.slice(before).map((r) => r.repeats)).toEqual([1, 1]);
    const latest = await batteryQueries.latest(db(), Number(await pk(IMEI)));
    expect(latest).toMatchObject({ socPct: 12, temperatureC: 61.5, currentA: 12.5, controllerFault: 4 });
  });

  it('charge sessions follow the current into the pack', async () => {
    const base = { remainingMah: 0, fullMah: 20000, healthPct: 95, voltageV: 50, cycles: 1, cellVolts: Array(13).fill(3.85) };
    const reports = [
      { socPct: 40, currentA: -5, temperatureC: 25 },
      { socPct: 41, currentA: 5, temperatureC: 26 },
      { socPct: 60, currentA: 4.8, temperatureC: 31 },
      { socPct: 61, currentA: 0, temperatureC: 28 },
      { socPct: 62, currentA: 2, temperatureC: 27 },
    ];
    const other = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    await exchange(other, encodeGt06Login('863120300000025', 1));
    for (const [i, r] of reports.entries()) await exchange(other, encodeGt06Bms({ ...base, ...r }, i + 2));
    other.close();
    const stored = await batteryQueries.between(db(), Number(await pk('863120300000025')), new Date(0), new Date(Date.now() + 60_000));
    const sessions = bmsChargeSessions(stored);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({
      start: stored[1].receivedAt,
      end: stored[2].receivedAt,
      startSocPct: 41,
      endSocPct: 60,
      maxTemperatureC: 31,
    });
    expect(sessions[1]).toMatchObject({ start: stored[4].receivedAt, end: null, startSocPct: 62 });
  });
});

describe('a JT/T 808 e-bike over TCP', () => {
  it('stores a BMS block sent in 0x0900 type 0xF0, and its alarm bits become alarms', async () => {
    const term = await connectJt808(gw.ports.jt808!, '013912345678');
    for (const id of ['jt808-0900-f0-bms', 'jt808-0200-stolen', 'jt808-0200-displacement']) {
      term.send(hex(id));
      await term.next();
    }
    term.close();
    await eventually(async () => (await alarmTypes('013912345678')).length === 2, 2000, 'alarms');
    expect(await alarmTypes('013912345678')).toEqual(['theft', 'displacement']);
    const latest = await batteryQueries.latest(db(), Number(await pk('013912345678')));
    expect(latest).toMatchObject({ socPct: 76, voltageV: 49.406, manufacturer: 'CHELIAN BMS', implausible: [] });
    // Its positions carry the e-bike state as a GT06 bike's do: the pack from the BMS, ACC and the cut relay from the location.
    const position = await db().one<{ acc: boolean; extras: { ebike?: Record<string, unknown> } }>(
      'SELECT acc, extras FROM latest_positions WHERE terminal_id = $1',
      [await pk('013912345678')],
    );
    expect(position!.extras.ebike).toMatchObject({ supplyVolts: 49.406, acc: position!.acc, powerCut: false });
  });
});
