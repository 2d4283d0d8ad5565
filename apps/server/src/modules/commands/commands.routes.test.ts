import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jt808Codec, encodeJt808Heartbeat, encodeJt808TerminalReply } from '@chelian/protocols/jt808/index.ts';
import { gt06Codec, encodeGt06Login, encodeGt06StringInfo } from '@chelian/protocols/gt06/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal, eventually, connectJt808 } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';

let t: TestServer;
let gw: Gateway;
let a: Tenant;
let b: Tenant;
let jt: TestTerminal;
const phone = { phone: '013880000001' };
const imei = '868120145233801';
beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0, gt06: 0 }, offlineAfterSeconds: 60 });
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  for (const [plate, terminalId, protocol] of [
    ['粤B80001', '13880000001', 'jt808'],
    ['粤B80002', imei, 'gt06'],
  ]) {
    await t.call(a.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate, terminalId, protocol }) });
  }
  jt = await connectJt808(gw.ports.jt808!, phone.phone);
  jt.send(encodeJt808Heartbeat(phone, 1));
  await jt.next();
});
afterAll(async () => {
  jt?.close();
  await gw?.close();
  await t?.close();
});

const post = (sid: string, url: string, fields: Record<string, string | number>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const commandsOf = async (sid: string, terminalId: string) =>
  (await t.call(sid, { url: `/car/v1/api/command/listCommand.json?terminalId=${terminalId}&pageSize=50` })).json().obj.list;

describe('commands', () => {
  it('tells which terminals take a command and which are online', async () => {
    const res = await post(a.sessionId, '/car/v1/api/command/checkCommandDownBatchTer.json', {
      terminalIds: `13880000001,${imei}`,
      commandType: 'text',
    });
    expect(res.obj).toMatchObject({ total: 2, supported: 1, online: 1 });
    expect(res.obj.list[0]).toMatchObject({
      terminalId: '013880000001',
      plate: '粤B80001',
      online: true,
      supported: true,
      canSendNow: true,
      reason: '',
    });
    expect(res.obj.list[1]).toMatchObject({ terminalId: imei, online: false, supported: false, reason: 'GT06 终端不支持“下发文本”' });
    const cut = await t.call(a.sessionId, {
      url: `/car/v1/api/command/checkCommandDownBatchTer.json?terminalIds=${imei}&commandType=cutOil`,
    });
    expect(cut.json().obj.list[0]).toMatchObject({ supported: true, canSendNow: false, reason: '终端离线，指令将在上线后下发' });
  });

  it('checks a whole fleet at once (the group tick in 指令下发 sends every vehicle of the group)', async () => {
    // 10 000 targets: the tenant's two terminals, 5 000 times each
    const ids = Array.from({ length: 10_000 }, (_, i) => (i % 2 ? imei : '13880000001')).join(',');
    const res = await post(a.sessionId, '/car/v1/api/command/checkCommandDownBatchTer.json', {
      terminalIds: ids,
      commandType: 'locateNow',
    });
    expect(res.flag).toBe(1);
    expect(res.obj.list.map((c: { terminalId: string }) => c.terminalId)).toContain('013880000001');
    const tooMany = await post(a.sessionId, '/car/v1/api/command/checkCommandDownBatchTer.json', {
      terminalIds: `${ids},${imei}`,
      commandType: 'locateNow',
    });
    expect(tooMany.msg).toBe('请求参数错误：一次最多10000项');
  });

  it('sends to an online terminal through the gateway holding it and stores the matched reply', async () => {
    const res = await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', {
      terminalIds: '13880000001',
      commandType: 'text',
      text: '请减速慢行',
    });
    expect(res.obj).toMatchObject({ total: 1, sent: 1, queued: 0 });
    const frame = jt808Codec.decode(await jt.next());
    if (!frame.ok) throw new Error('undecodable command frame');
    expect(frame.value.messageType).toBe('0x8300');
    expect(frame.value.messages[0].detail).toMatchObject({ text: '请减速慢行' });
    jt.send(encodeJt808TerminalReply(phone, 2, frame.value.serial!, 0x8300, 0));
    await eventually(async () => (await commandsOf(a.sessionId, '13880000001'))[0].status === 'replied', 3000, 'reply stored');
    const [cmd] = await commandsOf(a.sessionId, '13880000001');
    expect(cmd).toMatchObject({
      type: 'text',
      typeName: '下发文本',
      statusName: '终端已回复',
      replySuccess: true,
      plate: '粤B80001',
      params: { type: 'text', text: '请减速慢行' },
    });
    expect(cmd.userName).not.toBe('');
  });

  it('queues for an offline terminal, delivers on connect, skips unsupported and expired ones', async () => {
    const res = await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', {
      terminalIds: `${imei}`,
      commandType: 'setInterval',
      seconds: 30,
    });
    expect(res.obj).toMatchObject({ total: 1, queued: 1, sent: 0, list: [{ status: 'queued' }] });
    const stale = await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', {
      terminalIds: imei,
      commandType: 'reboot',
      expireMinutes: 1,
    });
    await t.ctx.db.query(`UPDATE commands SET expires_at = now() - interval '1 second' WHERE id = $1`, [stale.obj.list[0].commandId]);
    const mixed = await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', {
      terminalIds: `13880000001,${imei}`,
      commandType: 'text',
      text: '你好',
    });
    expect(mixed.obj).toMatchObject({ sent: 1, unsupported: 1 });
    await jt.next(); // the text to the JT/T 808 terminal

    const gt = await TestTerminal.connect(gw.ports.gt06!, gt06Codec);
    gt.send(encodeGt06Login(imei, 1));
    await gt.next(); // login reply
    const command = gt06Codec.decode(await gt.next());
    if (!command.ok) throw new Error('undecodable command frame');
    const detail = command.value.messages[0].detail as { serverFlag: number; text: string };
    expect(detail.text).toMatch(/^TIMER,/);
    expect(await gt.silentFor(300)).toBe(true); // the expired reboot never goes out
    gt.send(encodeGt06StringInfo(detail.serverFlag, 'TIMER OK', 2));
    await eventually(
      async () => (await commandsOf(a.sessionId, imei)).find((c: { type: string }) => c.type === 'setInterval').status === 'replied',
      3000,
      'GT06 reply',
    );
    const list = await commandsOf(a.sessionId, imei);
    expect(list.find((c: { type: string }) => c.type === 'setInterval')).toMatchObject({
      replyText: '设置上传间隔成功（TIMER OK）',
      replySuccess: true,
    });
    expect(list.find((c: { type: string }) => c.type === 'reboot')).toMatchObject({ status: 'expired', statusName: '已过期' });
    gt.close();
  });

  it('filters the record by the status it shows, and refuses a status there is not in Chinese', async () => {
    const byStatus = async (status: string) =>
      (await t.call(a.sessionId, { url: `/car/v1/api/command/listCommand.json?terminalId=${imei}&status=${status}&pageSize=50` })).json();
    // the reboot of the previous test is past its time: it shows, and filters, as expired whether or not the sweep marked it
    const expired = (await byStatus('expired')).obj.list as Array<{ type: string; status: string }>;
    expect(expired.map((c) => c.type)).toEqual(['reboot']);
    const replied = (await byStatus('replied')).obj.list as Array<{ type: string; status: string }>;
    expect(replied.map((c) => c.type)).toEqual(['setInterval']);
    expect((await byStatus('queued')).obj.list).toEqual([]);
    for (const status of ['done', 'toString'])
      expect(await byStatus(status)).toMatchObject({
        flag: 0,
        errorCode: 'command.statusUnknown',
        msg: `不支持的指令状态：${status}（可选 queued、sent、replied、failed、unsupported、expired）`,
      });
  });

  it('stores a batch in one go, each command on its own terminal (ids answered in the order asked)', async () => {
    const res = await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', {
      terminalIds: `${imei},13880000001`,
      commandType: 'cutOil',
    });
    expect(res.obj).toMatchObject({ total: 2, unsupported: 0 }); // the GT06 terminal of the previous test may still count as online
    await jt.next(); // the cut-oil frame to the online JT/T 808 terminal
    for (const entry of res.obj.list as Array<{ terminalId: string; commandId: number }>) {
      const stored = (await commandsOf(a.sessionId, entry.terminalId)).find((c: { commandId: number }) => c.commandId === entry.commandId);
      expect(stored).toMatchObject({ terminalId: entry.terminalId, type: 'cutOil' });
    }
  });

  it("lists 智能车联's own kinds in its record: a person's badge's command only where the badge is named", async () => {
    const badge = '868120145233809';
    // (a person is made a badge by 智能工牌; here its row is turned into one)
    expect((await post(a.sessionId, '/car/v4/api/vehicle/add.json', { plate: '粤B80809', terminalId: badge, protocol: 'gt06' })).flag).toBe(
      1,
    );
    await t.ctx.db.query(`UPDATE vehicles SET type = 'badge' WHERE plate = '粤B80809'`);
    const sent = await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', { terminalIds: badge, commandType: 'locateNow' });
    const commandId = sent.obj.list[0].commandId as number;
    const record = (await t.call(a.sessionId, { url: '/car/v1/api/command/listCommand.json?pageSize=100' })).json().obj;
    const ids = (record.list as Array<{ commandId: number }>).map((c) => c.commandId);
    expect(ids.length).toBeGreaterThan(0); // the vehicles' commands of the tests before
    expect(ids).not.toContain(commandId);
    expect(record.total).toBe(ids.length);
    expect((await commandsOf(a.sessionId, badge)).map((c: { commandId: number }) => c.commandId)).toEqual([commandId]);
    // the badge taken off the person: the command stays the person's
    await t.ctx.db.query(`UPDATE vehicles SET terminal_id = NULL WHERE plate = '粤B80809'`);
    const after = (await t.call(a.sessionId, { url: '/car/v1/api/command/listCommand.json?pageSize=100' })).json().obj;
    expect((after.list as Array<{ commandId: number }>).map((c) => c.commandId)).not.toContain(commandId);
  });

  it('refuses foreign terminals, unknown commands and bad parameters in Chinese', async () => {
    expect(
      (await post(b.sessionId, '/car/v1/api/command/commandDownBatch.json', { terminalIds: '13880000001', commandType: 'reboot' })).msg,
    ).toBe('设备不存在或无权访问');
    const unknown = await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', {
      terminalIds: '13880000001',
      commandType: 'selfDestruct',
    });
    expect(unknown).toMatchObject({ errorCode: 'command.unknownType' });
    expect(unknown.msg).toContain('不支持的指令类型：selfDestruct');
    expect(
      await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', {
        terminalIds: '13880000001',
        commandType: 'setInterval',
        seconds: 2,
      }),
    ).toMatchObject({ flag: 0, errorCode: 'command.intervalRange', msg: '上传间隔应为5到86400秒' });
    expect(await post(a.sessionId, '/car/v1/api/command/commandDownBatch.json', { commandType: 'reboot' })).toMatchObject({
      errorCode: 'command.noTargets',
      msg: '请选择要下发指令的车辆或设备',
    });
    expect(await commandsOf(b.sessionId, '13880000001')).toEqual([]);
  });
});
