import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  jt808Codec,
  encodeJt808Auth,
  encodeJt808BatchBody,
  encodeJt808Location,
  encodeJt808Register,
  encodeJt808Heartbeat,
  splitJt808Message,
  JT808_MSG,
} from '@chelian/protocols/jt808/index.ts';
import { gt06Codec, encodeGt06Alarm, encodeGt06Location, encodeGt06Login } from '@chelian/protocols/gt06/index.ts';
import { h02Codec, encodeH02Location } from '@chelian/protocols/h02/index.ts';
import { createTestServer, type TestServer } from '../testing/testServer.ts';
import { TestTerminal, connectJt808, eventually, DRIVE_T0 as T0, driveFix as fix } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

let t: TestServer;
let gw: Gateway;
const events: Array<{ subject: string; message: Record<string, unknown> }> = [];
beforeAll(async () => {
  t = await createTestServer();
  for (const kind of ['pos', 'alarm', 'presence'])
    t.ctx.bus.subscribe(`${kind}.>`, (message, subject) => events.push({ subject, message: message as Record<string, unknown> }));
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0, h02: 0 }, offlineAfterSeconds: 60 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const db = () => t.ctx.db;
const positionsOf = (identifier: string) =>
  db().query<{ gps_time: Date; lat: number; lon: number; speed: number; alarms: string[]; acc: boolean }>(
    'SELECT p.gps_time, p.lat, p.lon, p.speed, p.alarms, p.acc FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = $1 ORDER BY p.gps_time',
    [identifier],
  );
const alarmsOf = (identifier: string) =>
  db().query<{ id: number; type: string; lat: number }>(
    'SELECT a.id, a.type, a.lat FROM alarms a JOIN terminals t ON t.id = a.terminal_id WHERE t.identifier = $1 ORDER BY a.id',
    [identifier],
  );

describe('JT/T 808 over TCP', () => {
  const jt = { phone: '013912345678' };
  it('registers, authenticates, stores a position (GMT+8 → UTC) and only then replies', async () => {
    const term = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
    term.send(
      encodeJt808Register(jt, 1, {
        province: 44,
        city: 300,
        maker: 'CHLN',
        model: 'JT701',
        deviceId: 'D000001',
        plateColor: 1,
        plate: '粤B88888',
      }),
    );
    const reg = jt808Codec.decode(await term.next());
    expect(reg.ok && reg.value.messageType).toBe('0x8100');
    // The code the platform issued (random, not the terminal's id): the only one it accepts.
    const authCode = reg.ok ? (reg.value.messages[0].detail as { authCode: string }).authCode : '';
    expect(authCode).not.toBe('013912345678');
    term.send(encodeJt808Auth(jt, 2, { authCode }));
    expect((jt808Codec.decode(await term.next()) as { value: { messageType: string } }).value.messageType).toBe('0x8001');

    term.send(encodeJt808Location(jt, 3, fix(0)));
    await term.next();
    // The reply came: the row is already committed.
    const rows = await positionsOf('013912345678');
    expect(rows).toHaveLength(1);
    expect(rows[0].gps_time.toISOString()).toBe('2026-03-01T02:00:00.000Z');
    expect(rows[0]).toMatchObject({ lat: 22.543096, lon: 114.057865, speed: 36, acc: true });

    const terminal = await db().one<{ account_id: number | null; online: boolean; activated_at: Date | null; protocol: string }>(
      `SELECT account_id, online, activated_at, protocol FROM terminals WHERE identifier = '013912345678'`,
    );
    expect(terminal).toMatchObject({ account_id: null, online: true, protocol: 'jt808' });
    expect(terminal!.activated_at).not.toBeNull();
    const latest = await db().one<{ lat: number }>(
      'SELECT l.lat FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id WHERE t.identifier = $1',
      ['013912345678'],
    );
    expect(latest!.lat).toBe(22.543096);
    // Unassigned terminals publish on the root subject, seen only by platform-wide subscribers.
    await eventually(() => events.find((e) => e.subject === 'pos.013912345678'), 2000, 'position event');
    expect(events.find((e) => e.subject === 'presence.013912345678')?.message).toMatchObject({ online: true, terminalId: '013912345678' });
    term.close();
  });

  it('holds the reply while the position is not yet committed', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const real = t.ctx.db;
    // The same database, with its transactions (the batch's COPY and upsert) held at the gate: not committed.
    const slow: typeof real = {
      ...real,
      tx: async (fn) => {
        await gate;
        return real.tx(fn);
      },
    };
    const held = await startGateway({ ...t.ctx, db: slow }, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
    try {
      const term = await connectJt808(held.ports.jt808!, '013912345670');
      term.send(encodeJt808Location({ phone: '013912345670' }, 1, fix(9)));
      expect(await term.silentFor(400)).toBe(true);
      expect(await positionsOf('013912345670')).toHaveLength(0);
      release();
      await term.next();
      expect(await positionsOf('013912345670')).toHaveLength(1);
      term.close();
    } finally {
      release();
      await held.close();
    }
  });

  it('stores nothing and acknowledges nothing when a flush fails; the resent position is stored once', async () => {
    const real = t.ctx.db;
    let failNext = true;
    // The same database; the first transaction that copies positions fails after its COPY and upsert ran.
    const flaky: typeof real = {
      ...real,
      tx: (fn) =>
        real.tx(async (q) => {
          let copiedPositions = false;
          const result = await fn({
            ...q,
            copyRows: (table, columns, rows) => ((copiedPositions ||= table === 'positions'), q.copyRows(table, columns, rows)),
          });
          if (copiedPositions && failNext) {
            failNext = false;
            throw new Error('磁盘已满');
          }
          return result;
        }),
    };
    const phone = '013912345671';
    const latestOf = () =>
      db().query('SELECT l.gps_time FROM latest_positions l JOIN terminals t ON t.id = l.terminal_id WHERE t.identifier = $1', [phone]);
    const held = await startGateway({ ...t.ctx, db: flaky }, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
    try {
      const term = await connectJt808(held.ports.jt808!, phone);
      term.send(encodeJt808Location({ phone }, 1, fix(9)));
      expect(await term.silentFor(400)).toBe(true); // not stored, so not acknowledged
      expect(await positionsOf(phone)).toHaveLength(0);
      expect(await latestOf()).toHaveLength(0); // the upsert went with the positions
      term.send(encodeJt808Location({ phone }, 1, fix(9))); // the terminal sends it again
      const reply = jt808Codec.decode(await term.next());
      expect(reply.ok && reply.value.messageType).toBe('0x8001');
      expect(await positionsOf(phone)).toHaveLength(1);
      expect(await latestOf()).toHaveLength(1);
      term.close();
    } finally {
      await held.close();
    }
  });

  it('raises an alarm bit once while it lasts, stores it and publishes it', async () => {
    const term = await connectJt808(gw.ports.jt808!, jt.phone);
    term.send(
      encodeJt808Location(jt, 10, fix(1, { alarms: ['sos'] })),
      encodeJt808Location(jt, 11, fix(2, { alarms: ['sos'] })),
      encodeJt808Location(jt, 12, fix(3, { alarms: ['sos', 'overspeed'] })),
    );
    for (let i = 0; i < 3; i++) await term.next();
    const alarms = await alarmsOf('013912345678');
    expect(alarms.map((a) => a.type)).toEqual(['sos', 'overspeed']);
    expect(alarms[0].lat).toBeCloseTo(22.544096, 6);
    await eventually(() => events.filter((e) => e.subject === 'alarm.013912345678').length === 2, 2000, 'alarm events');
    expect(events.find((e) => e.subject === 'alarm.013912345678')?.message).toMatchObject({
      type: 'sos',
      typeName: '紧急报警',
      alarmId: alarms[0].id,
    });
    term.close();
  });

  it('reassembles a batch sent as sub-packages and stores every position in it', async () => {
    const term = await connectJt808(gw.ports.jt808!, jt.phone);
    const before = (await positionsOf('013912345678')).length;
    const items = Array.from({ length: 12 }, (_, i) => fix(100 + i));
    const parts = splitJt808Message(JT808_MSG.batchLocation, jt, 20, encodeJt808BatchBody(items, 1), 200);
    expect(parts.length).toBeGreaterThan(1);
    term.send(...parts);
    await eventually(async () => (await positionsOf('013912345678')).length === before + 12, 5000, 'the batch stored');
    const stored = (await positionsOf('013912345678')).slice(-12);
    expect(stored.map((r) => r.gps_time.getTime())).toEqual(items.map((x) => x.time));
    term.close();
  });

  it('answers a heartbeat, and a connection gone silent ends offline', async () => {
    const quiet = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 1 });
    try {
      const phone = { phone: '013912340000' };
      const mute = await TestTerminal.connect(quiet.ports.jt808!, jt808Codec); // never says who it is
      const term = await connectJt808(quiet.ports.jt808!, phone.phone);
      term.send(encodeJt808Heartbeat(phone, 1));
      await term.next();
      expect((await db().one<{ online: boolean }>(`SELECT online FROM terminals WHERE identifier = '013912340000'`))!.online).toBe(true);
      expect(await term.waitClosed(4000)).toBe(true);
      expect(await mute.waitClosed(2000)).toBe(true);
      await eventually(
        async () =>
          (await db().one<{ online: boolean }>(`SELECT online FROM terminals WHERE identifier = '013912340000'`))!.online === false,
        4000,
        'offline',
      );
      await eventually(
        () => events.find((e) => e.subject === 'presence.013912340000' && e.message.online === false),
        2000,
        'offline event',
      );
    } finally {
      await quiet.close();
    }
  });
});

describe('GT06 over TCP', () => {
  const imei = '868120145233604';
  it('logs in, stores GPS packets and alarm packets, replying after each is stored', async () => {
    const term = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    term.send(encodeGt06Login(imei, 1));
    expect(await term.next()).toBeInstanceOf(Buffer);
    term.send(encodeGt06Location(fix(0), 2));
    term.send(encodeGt06Alarm(fix(1), 'sos', { acc: true }, 3));
    await term.next();
    const rows = await positionsOf(imei);
    expect(rows).toHaveLength(2);
    expect(rows[0].gps_time.getTime()).toBe(T0);
    expect((await alarmsOf(imei)).map((a) => a.type)).toEqual(['sos']);
    term.close();
  });
});

describe('H02 over TCP', () => {
  it('stores V1 positions (H02 asks for no reply)', async () => {
    const term = await TestTerminal.connect(gw.ports.h02!, h02Codec);
    term.send(encodeH02Location('865205030330012', fix(0, { alarms: ['sos'] })));
    await eventually(async () => (await positionsOf('865205030330012')).length === 1, 3000, 'H02 position');
    const [row] = await positionsOf('865205030330012');
    expect(row.gps_time.getTime()).toBe(T0);
    expect(row.lat).toBeCloseTo(22.543096, 5);
    expect((await alarmsOf('865205030330012')).map((a) => a.type)).toEqual(['sos']);
    term.close();
  });
});

describe('abuse', () => {
  it('closes an oversized frame’s connection only; the others keep working', async () => {
    const good = await connectJt808(gw.ports.jt808!, '013912345679');
    const bad = await TestTerminal.connect(gw.ports.jt808!, jt808Codec);
    bad.send(Buffer.concat([Buffer.from([0x7e]), Buffer.alloc(64 * 1024, 0x41)])); // a frame that never ends
    expect(await bad.waitClosed(3000)).toBe(true);
    good.send(encodeJt808Location({ phone: '013912345679' }, 1, fix(5)));
    expect(await good.next()).toBeInstanceOf(Buffer);
    // A stream of undecodable frames (BCD digits above 9) is no terminal: its connection closes.
    const junk = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    for (let i = 0; i < 30; i++) junk.send(Buffer.from('78780d01ffffffffffffffff0001ffff0d0a', 'hex'));
    expect(await junk.waitClosed(3000)).toBe(true);
    good.close();
  });
});
