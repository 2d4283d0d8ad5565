import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';

let t: TestServer;
let gw: Gateway;
let a: Tenant;
let b: Tenant;
const phone = { phone: '013890000001' };
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate: '粤B90001', terminalId: '13890000001', protocol: 'jt808' }),
  });
  const term = await connectJt808(gw.ports.jt808!, phone.phone);
  const now = Date.now() - 60_000;
  const at = (i: number, alarms: Array<'sos' | 'overspeed'>) =>
    encodeJt808Location(phone, i, {
      time: now + i * 1000,
      lat: 22.5,
      lon: 114.1,
      valid: true,
      speedKmh: 88,
      course: 0,
      altitude: 0,
      alarms,
    });
  term.send(at(1, ['sos']), at(2, ['sos', 'overspeed']), at(3, []), at(4, ['overspeed']));
  for (let i = 0; i < 4; i++) await term.next();
  term.close();
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const post = (sid: string, url: string, fields: Record<string, string | number>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const base = '/car/v1/accelerate/report/alarm';

describe('alarms', () => {
  it('lists real-time alarms with counts per type, only to their owner', async () => {
    const list = await get(a.sessionId, `${base}/actualTimeAlarmQuery.json`);
    // The overspeed bit raised again two seconds after it dropped is the same episode: one alarm, one repeat.
    expect(list.obj).toMatchObject({ total: 2, current: 1, pageSize: 10 });
    expect(list.obj.list.map((x: { type: string }) => x.type)).toEqual(['overspeed', 'sos']);
    expect(list.obj.list[0]).toMatchObject({ typeName: '终端超速报警', repeats: 1 });
    expect(list.obj.list[1]).toMatchObject({
      terminalId: '013890000001',
      plate: '粤B90001',
      typeName: '紧急报警',
      lat: 22.5,
      lon: 114.1,
      speed: 88,
      handled: false,
      handledBy: '',
    });
    const num = await post(a.sessionId, `${base}/queryActualTimeAlarmNum.json`, {});
    expect(num.obj).toEqual({
      total: 2,
      types: [
        { type: 'overspeed', typeName: '终端超速报警', count: 1 },
        { type: 'sos', typeName: '紧急报警', count: 1 },
      ],
    });
    expect((await get(b.sessionId, `${base}/actualTimeAlarmQuery.json`)).obj.total).toBe(0);
    expect((await get(a.sessionId, `${base}/actualTimeAlarmQuery.json?types=sos&pageSize=1`)).obj).toMatchObject({ total: 1, pageSize: 1 });
  });

  it('leaves out of the real-time list the types the account switched off', async () => {
    await t.ctx.db.query(
      `INSERT INTO alarm_controls (account_id, alarm_type, enabled, sound, popup) VALUES ($1, 'overspeed', false, false, false)`,
      [a.accountId],
    );
    expect((await get(a.sessionId, `${base}/queryActualTimeAlarmNum.json`)).obj.total).toBe(1);
    // 报警中心's 新报警 N (the list's total) is the bell's count: one count function
    expect((await get(a.sessionId, `${base}/actualTimeAlarmQuery.json`)).obj.total).toBe(
      (await get(a.sessionId, `${base}/queryActualTimeAlarmNum.json`)).obj.total,
    );
    await t.ctx.db.query(`DELETE FROM alarm_controls WHERE account_id = $1`, [a.accountId]);
  });

  it('records who handled an alarm, when, with a note; history filters by handled', async () => {
    const sos = (await get(a.sessionId, `${base}/actualTimeAlarmQuery.json?types=sos`)).obj.list[0];
    const live: unknown[] = [];
    const off = t.ctx.bus.subscribe('alarm.>', (m) => live.push(m));
    expect((await post(b.sessionId, '/car/v1/api/monitor/processAlarm', { alarmIds: String(sos.alarmId), note: 'x' })).msg).toBe(
      '报警不存在或无权访问',
    );
    const done = await post(a.sessionId, '/car/v1/api/monitor/processAlarm', { alarmIds: String(sos.alarmId), note: '已电话联系司机' });
    expect(done.obj).toEqual({ updated: 1 });
    await new Promise((r) => setTimeout(r, 20));
    off();
    expect(live).toEqual([expect.objectContaining({ alarmId: sos.alarmId, handled: true, handleNote: '已电话联系司机' })]);

    expect((await get(a.sessionId, `${base}/queryActualTimeAlarmNum.json`)).obj.total).toBe(1);
    expect((await get(a.sessionId, `${base}/actualTimeAlarmQuery.json`)).obj.total).toBe(
      (await get(a.sessionId, `${base}/queryActualTimeAlarmNum.json`)).obj.total,
    );
    const handled = await get(a.sessionId, `${base}/newQueryAlarm?handled=true`);
    expect(handled.obj.total).toBe(1);
    expect(handled.obj.list[0]).toMatchObject({ alarmId: sos.alarmId, handled: true, handleNote: '已电话联系司机' });
    expect(handled.obj.list[0].handledBy).not.toBe('');
    expect(Date.now() - handled.obj.list[0].handledAt).toBeLessThan(60_000);
    const all = await post(a.sessionId, `${base}/newQueryAlarm`, { terminalId: '13890000001', current: 1, pageSize: 1 });
    expect(all.obj).toMatchObject({ total: 2, current: 1, pageSize: 1 });
    expect(all.obj.list).toHaveLength(1);
  });

  it('answers bad history ranges and junk ids in Chinese', async () => {
    expect((await get(a.sessionId, `${base}/newQueryAlarm?start=2026-01-01&end=2025-01-01`)).msg).toBe('结束时间必须晚于开始时间');
    expect((await get(a.sessionId, `${base}/newQueryAlarm?start=2025-01-01&end=2026-01-01`)).msg).toBe('查询时间范围不能超过93天');
    expect((await post(a.sessionId, '/car/v1/api/monitor/processAlarm', { alarmIds: 'abc' })).msg).toContain('alarmIds');
    expect((await post(a.sessionId, '/car/v1/api/monitor/processAlarm', { alarmIds: '99999999' })).msg).toBe('报警不存在或无权访问');
  });
});
