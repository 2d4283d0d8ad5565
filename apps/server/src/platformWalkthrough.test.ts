/**
 * Issue 15's "Done when", through the HTTP API in one go: from an empty platform the
 * administrator sets up a dealer; the dealer a customer with sub-users and roles, imports 1 000
 * terminals and their vehicles from Excel, renews their services, brands a host and publishes a
 * notice; the customer sets up alarm push, and an SOS from one of the imported terminals (real
 * JT/T 808 over TCP) arrives by webhook (a real HTTP server) and by MQTT (the machine's Mosquitto;
 * that part is skipped, saying why, where none runs). The operation log shows every step.
 * The pages themselves are walked by the browser tests (e2e/system*.e2e.ts, car.vehicles, alarmPush).
 */
import { createHmac } from 'node:crypto';
import ExcelJS from 'exceljs';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { startGateway, type Gateway } from './gateway/gateway.ts';
import { encryptForLogin } from './modules/auth/rsa.ts';
import { startAlarmDelivery, type AlarmDeliveryWorker } from './modules/alarmDelivery/alarmDelivery.worker.ts';
import { MQTT_TEST_URL, mqttSkipReason } from './testing/mosquitto.ts';
import { multipart } from './testing/multipart.ts';
import { eventually, connectJt808 } from './testing/testTerminal.ts';
import { createTestServer, form, type TestServer } from './testing/testServer.ts';
import { startWebhookReceiver } from './testing/webhookReceiver.ts';

const mqttSkip = await mqttSkipReason('the platform walk-through');
const FLEET = 1000;
const terminalOf = (i: number) => `1391500${String(i).padStart(4, '0')}`;
const plateOf = (i: number) => `粤E${String(i).padStart(5, '0')}`;

let t: TestServer;
let gw: Gateway;
let worker: AlarmDeliveryWorker;
let hook: Awaited<ReturnType<typeof startWebhookReceiver>>;
let admin: string;
let dealer: string;
let dealerAccount: number;
let customerAccount: number;
let customerAdmin: string;

const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const json = (sid: string, url: string, body: unknown) =>
  t
    .call(sid, { method: 'POST', url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } })
    .then((r) => r.json());
/** Asserts success and answers obj. */
const ok = async <T = { id: number }>(answer: Promise<{ flag: number; msg: string; obj: T }>): Promise<T> => {
  const body = await answer;
  expect(body.flag, body.msg).toBe(1);
  return body.obj;
};
const password = (text: string) => encryptForLogin(t.ctx.publicKey, text);

/** An account's role granting the caller's resources with these codes (all of them when omitted), and a user holding it. */
async function roleAndUser(session: string, accountId: number, name: string, username: string, codes?: string[]) {
  const resources: Array<{ id: number; code: string }> = (await get(session, '/car/v1/api/resource/list.json')).obj;
  const resourceIds = resources.filter((r) => !codes || codes.includes(r.code)).map((r) => r.id);
  const role = await ok(json(session, '/car/v4/api/role/save.json', { accountId, name, resourceIds }));
  await ok(
    post(session, '/car/v4/api/user/add.json', { accountId, roleId: role.id, username, name, password: password('Walkthrough2026') }),
  );
  return t.login(username, 'Walkthrough2026');
}

beforeAll(async () => {
  t = await createTestServer({ pushAllowPrivateTargets: true });
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  worker = startAlarmDelivery(t.ctx, { retryDelaysMs: [100], positions: false });
  hook = await startWebhookReceiver();
  admin = await t.login();
});
afterAll(async () => {
  await worker?.stop();
  await gw?.close();
  await hook?.close();
  await t?.close();
});

describe('from an empty platform to an alarm leaving it', () => {
  it('starts empty: the administrator alone, no vehicle', async () => {
    expect((await get(admin, '/car/v4/api/account/list.json')).obj).toHaveLength(1);
    expect((await get(admin, '/car/v4/api/vehicle/list.json')).obj.total).toBe(0);
  });

  it('the administrator sets up a dealer; the dealer a customer with two sub-users and their roles', async () => {
    dealerAccount = (await ok(post(admin, '/car/v4/api/account/add.json', { name: '华南经销商', kind: 'dealer' }))).id;
    dealer = await roleAndUser(admin, dealerAccount, '经销商管理员', 'walk_dealer');

    customerAccount = (await ok(post(dealer, '/car/v4/api/account/add.json', { name: '深圳物流客户', kind: 'customer' }))).id;
    customerAdmin = await roleAndUser(dealer, customerAccount, '客户管理员', 'walk_customer', [
      'car',
      'car:monitor',
      'car:vehicle',
      'center',
      'center:alarmPush',
      'center:notice',
      'system',
      'system:user',
      'system:audit',
    ]);
    const dispatcher = await roleAndUser(dealer, customerAccount, '调度员', 'walk_dispatch', ['car', 'car:monitor']);
    const menus = (await get(dispatcher, '/car/v1/api/resource/newList.json')).obj;
    expect(menus.flatMap((m: { children: Array<{ code: string }> }) => m.children.map((c) => c.code))).toEqual(['car:monitor']);
    expect((await get(dispatcher, '/car/v4/api/account/list.json')).msg).toBe('没有该操作的权限');
  });

  it(`imports ${FLEET} terminals and their vehicles from Excel into the customer, then renews their services by a year`, async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('车辆导入');
    sheet.addRow(['设备号', '协议', '车牌号', '车牌颜色', '分组', '司机', '服务到期']);
    for (let i = 0; i < FLEET; i++)
      sheet.addRow([terminalOf(i), 'JT808', plateOf(i), '黄色', i < 500 ? '冷链车队' : '城配车队', `司机${i}`, '2026-12-31']);
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const checked = await ok(
      t
        .call(dealer, {
          method: 'POST',
          url: '/car/v4/api/vehicle/vehicleVerify.json',
          ...multipart({ fileName: '车辆.xlsx', content: file }, { accountId: String(customerAccount) }),
        })
        .then((r) => r.json()),
    );
    expect(checked).toMatchObject({ total: FLEET, valid: FLEET, invalid: 0 });
    const imported = await ok(
      t
        .call(dealer, {
          method: 'POST',
          url: '/car/v4/api/vehicle/import.json',
          ...multipart({ fileName: '车辆.xlsx', content: file }, { accountId: String(customerAccount) }),
        })
        .then((r) => r.json()),
    );
    expect(imported).toEqual({ total: FLEET, terminals: FLEET, vehicles: FLEET });
    const fleet = (await get(customerAdmin, '/car/v4/api/vehicle/list.json?pageSize=1')).obj;
    expect(fleet.total).toBe(FLEET);
    expect(fleet.list[0]).toMatchObject({ accountId: customerAccount, plateColor: 2 });

    const ids = Array.from({ length: FLEET }, (_, i) => terminalOf(i)).join(',');
    const renewed = await ok<{ renewed: number }>(
      post(dealer, '/car/v4/api/terminal/renew.json', { terminalIds: ids, count: 1, unit: 'year', remark: '年度续费' }),
    );
    expect(renewed.renewed).toBe(FLEET);
    const one = (await get(customerAdmin, `/car/v4/api/terminal/detail.json?terminalId=${terminalOf(7)}`)).obj;
    expect(new Date(one.serviceExpiresAt).getUTCFullYear()).toBe(2027);
  }, 60_000);

  it('brands a host and publishes a notice the customer reads', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex').toString('base64');
    const icon = await ok<{ iconUrl: string }>(
      json(dealer, '/car/v1/api/custom/uploadIcon.json', { data: `data:image/png;base64,${png}` }),
    );
    await ok(
      json(dealer, '/car/v1/api/custom/save.json', {
        host: 'gps.huanan-walk.cn',
        title: '华南车联',
        iconUrl: icon.iconUrl,
        description: '',
        keyword: '',
        legacyLogin: false,
      }),
    );
    expect((await get('', '/car/v1/api/custom/queryCustomInfo.json?url=gps.huanan-walk.cn')).obj).toMatchObject({ title: '华南车联' });

    await ok(
      json(dealer, '/car/v4/api/notice/publish.json', {
        type: 'notice',
        title: '春节服务安排',
        html: '<p>春节期间<b>正常</b>服务<script>x()</script></p>',
        accountIds: [customerAccount],
      }),
    );
    const inbox = (await get(customerAdmin, '/car/v1/helpCenter/helpMessage/pageHelpMessage?pageSize=50')).obj;
    const notice = JSON.stringify(inbox);
    expect(notice).toContain('春节服务安排');
    expect(notice).not.toContain('<script>');
  });

  it("an SOS from an imported terminal reaches the customer's webhook (signed) and MQTT broker", async () => {
    const prefix = `chelian-walk-${process.pid}-${Date.now()}`;
    const withMqtt = !mqttSkip;
    await ok(
      json(customerAdmin, '/car/v4/api/alarm/push/configPushTarget.json', {
        webhookUrl: hook.url,
        webhookSecret: 'walk-secret',
        ...(withMqtt ? { mqttUrl: MQTT_TEST_URL, mqttTopicPrefix: prefix } : {}),
      }),
    );
    await ok(
      json(customerAdmin, '/car/v4/api/alarm/push/configAlarmPush.json', {
        items: [{ alarmType: 'sos', enabled: true, channels: withMqtt ? ['webhook', 'mqtt'] : ['webhook'] }],
      }),
    );
    const sub = withMqtt ? await mqtt.connectAsync(MQTT_TEST_URL, { clientId: `${prefix}-sub` }) : null;
    const messages: Array<{ topic: string; body: Record<string, unknown> }> = [];
    sub?.on('message', (topic, payload) => messages.push({ topic, body: JSON.parse(payload.toString()) }));
    await sub?.subscribeAsync(`${prefix}/#`, { qos: 1 });

    const terminalId = terminalOf(7);
    const jt = { phone: `0${terminalId}` }; // as the terminal sends it: 12 BCD digits
    const term = await connectJt808(gw.ports.jt808!, jt.phone); // registers, then authenticates with the code issued
    term.send(
      encodeJt808Location(jt, 3, {
        time: Date.now() - 1000,
        lat: 22.543096,
        lon: 114.057865,
        valid: true,
        speedKmh: 36,
        course: 90,
        altitude: 12,
        acc: true,
        alarms: ['sos'],
      }),
    );
    await term.next();
    term.close();

    const [received] = await hook.waitFor(1, 15_000);
    expect(received.headers['x-chelian-signature']).toBe(
      `sha256=${createHmac('sha256', 'walk-secret').update(received.raw).digest('hex')}`,
    );
    expect(received.json).toMatchObject({
      event: 'alarm',
      alarm: { terminalId: `0${terminalId}`, plate: plateOf(7), type: 'sos', typeName: '紧急报警' },
    });
    if (sub) {
      const topic = `${prefix}/${customerAccount}/alarm/0${terminalId}`;
      const got = await eventually(() => messages.find((m) => m.topic === topic), 10_000, 'the alarm on MQTT');
      expect(got!.body).toMatchObject({
        event: 'alarm',
        alarm: { plate: plateOf(7), type: 'sos' },
        account: { accountId: customerAccount },
      });
      await sub.endAsync();
    } else console.warn(`MQTT part of the walk-through skipped: ${mqttSkip}`);
  }, 30_000);

  it('the operation log shows every step, each to whom it may concern', async () => {
    await t.ctx.audit.flush();
    const actions = async (session: string, username: string) =>
      (await get(session, `/car/v4/api/audit/list.json?pageSize=100&username=${username}`)).obj.list
        .filter((e: { ok: boolean }) => e.ok)
        .map((e: { action: string }) => e.action);
    expect(await actions(admin, 'admin')).toEqual(expect.arrayContaining(['新增账户', '保存角色', '新增用户']));
    expect(await actions(dealer, 'walk_dealer')).toEqual(
      expect.arrayContaining([
        '新增账户',
        '保存角色',
        '新增用户',
        '批量导入车辆',
        '设备续费',
        '上传品牌图标',
        '保存品牌设置',
        '发布站内信/公告',
      ]),
    );
    expect(await actions(customerAdmin, 'walk_customer')).toEqual(expect.arrayContaining(['保存推送接收方', '保存推送设置']));
    // The customer sees its own users' steps, not the dealer's above it.
    expect(await actions(customerAdmin, 'walk_dealer')).toEqual([]);
    const renewal = (await get(dealer, '/car/v4/api/audit/list.json?action=续费')).obj.list[0];
    expect(renewal).toMatchObject({ username: 'walk_dealer', method: 'POST', path: '/car/v4/api/terminal/renew.json' });
  });
});
