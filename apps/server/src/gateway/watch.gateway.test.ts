/**
 * The watch protocol through the real gateway: LK echoed, UD stored without a reply, AL stored
 * and answered only once committed, a report without a fix stored as no position, the terminal
 * on the monitoring list, and a listen-in (MONITOR) sent through the commands API, written in
 * the terminal's own maker code and matched to its answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchCodec, encodeWatchCommandReply, encodeWatchLink, encodeWatchReport, decodeWatch } from '@chelian/protocols/watch/index.ts';
import { createTestServer, form, type TestServer } from '../testing/testServer.ts';
import { createTenant, type Tenant } from '../testing/fixtures.ts';
import { TestTerminal, eventually } from '../testing/testTerminal.ts';
import { startGateway, type Gateway } from './gateway.ts';

let t: TestServer;
let gw: Gateway;
let a: Tenant;
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 60 });
  a = await createTenant(t, { codes: 'all' });
  const added = await t.call(a.sessionId, {
    method: 'POST',
    url: '/car/v4/api/vehicle/add.json',
    ...form({ plate: '粤B90001', terminalId: '9100000001', protocol: 'watch' }),
  });
  const addedBody = await added.json();
  expect(addedBody, JSON.stringify(addedBody)).toMatchObject({ flag: 1 });
});
afterAll(async () => {
  await gw?.close();
  await t?.close();
});

const ID = '9100000001';
const db = () => t.ctx.db;
const positionsOf = (identifier: string) =>
  db().query<{ gps_time: Date; lat: number; lon: number; valid: boolean; alarms: string[]; extras: Record<string, unknown> }>(
    'SELECT p.gps_time, p.lat, p.lon, p.valid, p.alarms, p.extras FROM positions p JOIN terminals t ON t.id = p.terminal_id WHERE t.identifier = $1 ORDER BY p.gps_time',
    [identifier],
  );
const alarmsOf = (identifier: string) =>
  db().query<{ type: string; lat: number | null }>(
    'SELECT a.type, a.lat FROM alarms a JOIN terminals t ON t.id = a.terminal_id WHERE t.identifier = $1 ORDER BY a.id',
    [identifier],
  );
const T0 = Date.UTC(2026, 10, 25, 1, 0, 0);
const at = (i: number) => ({
  time: T0 + i * 60_000,
  lat: 22.5431 + i * 0.0005,
  lon: 114.0579,
  valid: true,
  speedKmh: 4.5,
  course: 0,
  satellites: 8,
  battery: 90 - i,
  steps: 100 * i,
  worn: true,
});

describe('watch protocol over TCP', () => {
  it('echoes LK, stores UD without answering, and answers AL once its alarm is stored', async () => {
    const term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    term.send(encodeWatchLink(ID, { steps: 0, tumbles: 0, battery: 90 }));
    expect((await term.next()).toString()).toBe(`[3G*${ID}*0002*LK]`);

    term.send(encodeWatchReport(ID, 'UD', at(1)));
    await eventually(async () => (await positionsOf(ID)).length === 1, 3000, 'UD stored');
    expect(await term.silentFor(200)).toBe(true);
    const [row] = await positionsOf(ID);
    expect(row.gps_time.getTime()).toBe(T0 + 60_000);
    expect(row).toMatchObject({
      valid: true,
      alarms: [],
      extras: expect.objectContaining({ battery: 89, steps: 100, worn: true, locationSource: 'gps' }),
    });

    term.send(encodeWatchReport(ID, 'AL', { ...at(2), alarms: ['sos'] }));
    expect((await term.next()).toString()).toBe(`[3G*${ID}*0002*AL]`);
    // The answer came: the position and its alarm are committed.
    expect((await positionsOf(ID)).map((p) => p.alarms)).toEqual([[], ['sos']]);
    expect((await alarmsOf(ID)).map((x) => x.type)).toEqual(['sos']);

    // Indoors: no fix, only cells and Wi-Fi. No position is made up; the fall is raised where it last was.
    term.send(
      encodeWatchReport(ID, 'AL', {
        time: T0 + 180_000,
        lat: 0,
        lon: 0,
        valid: false,
        alarms: ['fallDown'],
        cells: [{ mcc: 460, mnc: 0, lac: 9360, cellId: 4082, rssi: 140 }],
        wifi: [{ name: 'office', mac: '1c:fa:68:13:a5:b4', rssi: -61 }],
      }),
    );
    expect((await term.next()).toString()).toBe(`[3G*${ID}*0002*AL]`);
    await eventually(async () => (await alarmsOf(ID)).length === 2, 3000, 'fall alarm');
    expect((await positionsOf(ID)).length).toBe(2);
    const fall = (await alarmsOf(ID))[1];
    expect(fall.type).toBe('fallDown');
    expect(fall.lat).toBeCloseTo(at(2).lat, 6);
    term.close();
  });

  it('lists the badge on the monitoring map by the id it sends', async () => {
    const res = await t.call(a.sessionId, { url: `/car/v4/api/monitor/lastPositions.json?terminalIds=${ID}` });
    const body = await res.json();
    expect(body.obj).toEqual([expect.objectContaining({ terminalId: ID, plate: '粤B90001', alarms: ['sos'], alarmNames: ['紧急报警'] })]);
    expect(body.obj[0].lat).toBeCloseTo(at(2).lat, 6);
  });

  it('sends a listen-in in the maker code the badge uses and matches its answer', async () => {
    const term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
    term.send(encodeWatchLink(ID, undefined, 'CS'));
    expect((await term.next()).toString()).toBe(`[CS*${ID}*0002*LK]`);
    const sent = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v1/api/command/commandDownBatch.json',
      ...form({ terminalIds: ID, commandType: 'listenIn', phone: '13800138000' }),
    });
    const sendBody = await sent.json();
    expect(sendBody.flag).toBe(1);
    expect(sendBody.obj.list[0]).toMatchObject({ status: 'sent' });
    const command = await term.next();
    expect(command.toString()).toBe(`[CS*${ID}*0013*MONITOR,13800138000]`);
    const decoded = decodeWatch(command);
    expect(decoded.ok && decoded.value.messages[0].detail).toEqual({ command: 'MONITOR', params: ['13800138000'] });
    term.send(encodeWatchCommandReply(ID, 'MONITOR', [], 'CS'));
    const commandId = sendBody.obj.list[0].commandId;
    await eventually(
      async () => {
        const list = await (await t.call(a.sessionId, { url: `/car/v1/api/command/listCommand.json?terminalId=${ID}` })).json();
        const row = list.obj.list.find((c: { commandId: number }) => c.commandId === commandId);
        return row?.status === 'replied' && row.replySuccess === true && row.typeName === '远程监听';
      },
      3000,
      'MONITOR answer matched',
    );
    term.close();
  });

  it('refuses a bad phone number in words, and a command watches do not have', async () => {
    const bad = await (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v1/api/command/commandDownBatch.json',
        ...form({ terminalIds: ID, commandType: 'listenIn', phone: '12ab' }),
      })
    ).json();
    expect(bad).toMatchObject({ flag: 0, errorCode: 'command.phoneFormat', msg: expect.stringContaining('电话号码') });
    const cut = await (
      await t.call(a.sessionId, {
        method: 'POST',
        url: '/car/v1/api/command/checkCommandDownBatchTer.json',
        ...form({ terminalIds: ID, commandType: 'cutOil' }),
      })
    ).json();
    expect(cut.obj.list[0]).toMatchObject({ supported: false, reason: '手表协议 终端不支持“断油断电”' });
  });
});
