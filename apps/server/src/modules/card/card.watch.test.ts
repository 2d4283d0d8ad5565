import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandEndpoints } from '@chelian/contracts';
import { watchCodec } from '@chelian/protocols';
import { encodeWatchCommandReply, encodeWatchLink, encodeWatchReport } from '@chelian/protocols/watch/terminal.ts';
import { beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { startCardEngine, type CardEngineHandle } from './cardEngine.ts';

// Issue 18 part 8 with the watch protocol (what most badges speak): a badge online by LK, at post,
// its taken-off and heart-rate alarms, and a listen-in that reaches it and whose reply is matched.
let t: TestServer;
let gw: Gateway;
let engine: CardEngineHandle;
let a: Tenant;
let badge: TestTerminal;
let staffId = 0;
const id = '8800001518';
const api = '/card/v1/api';
const POST = { lat: 22.5431, lon: 114.0579 };

const post = (url: string, fields: Record<string, string | number | boolean>) =>
  t.call(a.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (url: string) => t.call(a.sessionId, { url }).then((r) => r.json());
const text = (frame: Buffer) => frame.toString('latin1');

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 60 });
  engine = startCardEngine(t.ctx, { sweepMs: 3_600_000 });
  a = await createTenant(t, { codes: 'all' });
  expect((await post('/car/v4/api/terminal/add.json', { terminalId: id, protocol: 'watch' })).flag).toBe(1);
  const shift = (
    await t.call(a.sessionId, {
      method: 'POST',
      url: `${api}/shift/save.json`,
      payload: {
        name: '全天',
        weekdays: [1, 2, 3, 4, 5, 6, 7],
        periods: [{ start: '00:00', end: '23:59' }],
        lateMinutes: 5,
        earlyMinutes: 5,
        clockPoints: [{ name: '岗亭', ...POST, radius: 100, beacon: '' }],
      },
    })
  ).json().obj;
  staffId = (await post(`${api}/staff/save.json`, { name: '陈保安', staffNo: 'W001', shiftId: shift.shiftId })).obj.staffId;
  expect((await post(`${api}/staff/bind.json`, { staffId, terminalId: id })).flag).toBe(1);
  badge = await TestTerminal.connect(gw.ports.watch!, watchCodec);
});
afterAll(async () => {
  badge?.close();
  engine?.stop();
  await gw?.close();
  await t?.close();
});

describe('a watch-protocol badge', () => {
  it('is on duty at post, and its arrival is on the attendance page', async () => {
    badge.send(encodeWatchLink(id, { steps: 10, tumbles: 0, battery: 88 }));
    expect(text(await badge.next())).toContain('*LK]');
    const now = Date.now();
    badge.send(encodeWatchReport(id, 'UD', { time: now, ...POST, valid: true, battery: 88, worn: true }));
    const staff = await eventually(
      async () => {
        const s = (await get(`${api}/staff/detail.json?staffId=${staffId}`)).obj;
        return s.gpsTime !== null && s;
      },
      5000,
      'position stored',
    );
    expect(staff).toMatchObject({ terminalId: id, online: true, state: 'onDuty', stateName: '在岗', battery: 88 });
    const rows = (await get(`${api}/attendance/list.json?date=${beijingDayOf(now)}`)).obj.list;
    expect(rows).toEqual([expect.objectContaining({ name: '陈保安', start: '00:00', end: '23:59', status: 'pending' })]);
    expect(Math.abs(rows[0].arrivedAt - now)).toBeLessThan(1000);
  });

  it('raises taken-off and abnormal heart rate through the one alarm table, answered to the badge', async () => {
    badge.send(
      encodeWatchReport(id, 'AL', { time: Date.now(), ...POST, valid: true, alarms: ['wearRemoved', 'heartRateAbnormal'], worn: false }),
    );
    expect(text(await badge.next())).toContain('*AL]');
    const alarms = async () =>
      (await get(`${api}/alarm/list.json?staffId=${staffId}`)).obj.list as Array<{ type: string; typeName: string }>;
    await eventually(async () => (await alarms()).length >= 2, 5000, 'alarms');
    const list = await alarms();
    expect(list.map((x) => x.typeName).sort()).toEqual(['心率异常', '摘除报警']);
    expect((await get(`${api}/staff/detail.json?staffId=${staffId}`)).obj.state).toBe('alarm');
  });

  it('sends listen-in (MONITOR) to the badge and matches its reply', async () => {
    const res = await post(`${api}/monitor/call.json`, { staffId, phone: '13800138000', listen: true });
    expect(res).toMatchObject({ flag: 1, obj: { status: 'sent' } });
    const frame = text(await badge.next(5000));
    expect(frame).toContain('MONITOR,13800138000');
    badge.send(encodeWatchCommandReply(id, 'MONITOR'));
    const command = await eventually(
      async () => {
        const l = (await get(`${commandEndpoints.list.path}?terminalId=${id}`)).obj.list as Array<{ commandId: number; status: string }>;
        return l.find((c) => c.commandId === res.obj.commandId && c.status === 'replied');
      },
      5000,
      'reply matched',
    );
    expect(command).toBeTruthy();
  });
});
