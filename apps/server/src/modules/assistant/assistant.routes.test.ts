import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import type { AssistantMessage } from '@chelian/contracts';
import { beijingDayOf } from '@chelian/contracts/beijingTime.ts';
import { startGateway } from '../../gateway/gateway.ts';
import { ingestQueries } from '../../gateway/ingest.queries.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { connectJt808 } from '../../testing/testTerminal.ts';
import { loadShippedKnowledge } from './knowledge.ts';

let t: TestServer;
let a: Tenant;
let b: Tenant;
/** a user of tenant a's account whose role holds no fleet page */
let narrow: Tenant;
const ids: Record<string, number> = {};
const SZ = { lat: 22.543096, lon: 114.057865 };

type Chat = {
  flag: number;
  msg: string;
  errorCode?: string;
  obj: { question: AssistantMessage; answer: AssistantMessage; model: string | null };
};
const ask = (sid: string, question: string, host = 'gps.chelian.test') =>
  t
    .call(sid, { method: 'POST', url: '/ai/chat.json', ...form({ question }), headers: { ...form({}).headers, host } })
    .then((r) => r.json() as Chat);

beforeAll(async () => {
  t = await createTestServer({ terminalHost: '' });
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  narrow = await createTenant(t, { codes: ['center:notice'], parentAccountId: a.accountId });
  const add = (who: Tenant, plate: string, terminalId: string) =>
    t
      .call(who.sessionId, { method: 'POST', url: '/car/v4/api/vehicle/add.json', ...form({ plate, terminalId, protocol: 'jt808' }) })
      .then((r) => r.json().obj.vehicleId as number);
  ids['粤B12345'] = await add(a, '粤B12345', '13900012345');
  ids['粤B22222'] = await add(a, '粤B22222', '13900022222');
  ids['粤B33333'] = await add(a, '粤B33333', '13900033333');
  ids['粤C88888'] = await add(b, '粤C88888', '13900088888');

  // 粤B12345 reports a real position (and an SOS) through the gateway; so does b's vehicle.
  const now = Date.now();
  const gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { jt808: 0 }, offlineAfterSeconds: 60 });
  for (const [phone, extra] of [
    ['013900012345', { alarms: ['sos' as const], speedKmh: 36 }],
    ['013900088888', { alarms: ['sos' as const], speedKmh: 0 }],
    ['013900022222', { speedKmh: 0 }],
  ] as const) {
    const terminal = await connectJt808(gw.ports.jt808!, phone);
    terminal.send(
      encodeJt808Location({ phone }, 1, { time: now - 60_000, ...SZ, valid: true, course: 90, altitude: 10, acc: true, ...extra }),
    );
    await terminal.next();
    terminal.close();
  }
  await gw.close();
  // 粤B22222 fell silent three days ago; 粤B33333 never came online and its service ends in 5 days (so does b's vehicle's).
  await t.ctx.db.query(`UPDATE terminals SET last_seen_at = now() - interval '3 days' WHERE identifier_key = '13900022222'`);
  await ingestQueries.markSilentOffline(t.ctx.db, 60, null);
  await t.ctx.db.query(`UPDATE terminals SET service_expires_at = now() + interval '5 days' WHERE identifier_key = '13900033333'`);
  await t.ctx.db.query(`UPDATE terminals SET service_expires_at = now() + interval '5 days' WHERE identifier_key = '13900088888'`);
  // This week's rolled-up mileage (the rollup itself is tested in reports/): 粤B22222 drove farther than 粤B12345.
  const today = beijingDayOf(now);
  await t.ctx.db.query(
    `INSERT INTO daily_terminal_stats (terminal_id, day, mileage_km)
     SELECT t.id, $1::date, x.km FROM unnest($2::text[], $3::float8[]) x(key, km) JOIN terminals t ON t.identifier_key = x.key
     ON CONFLICT (terminal_id, day) DO UPDATE SET mileage_km = EXCLUDED.mileage_km`,
    [today, ['13900012345', '13900022222', '13900088888'], [42.5, 128.3, 999]],
  );
}, 90_000);
afterAll(async () => {
  await t?.close();
});

describe('the sixteen suggested questions', () => {
  it('answers each from its knowledge entry, with this platform’s menus, ports and host', async () => {
    for (const entry of loadShippedKnowledge()) {
      const res = await ask(a.sessionId, entry.question);
      expect(res.flag, entry.question).toBe(1);
      expect(res.obj.answer).toMatchObject({ role: 'assistant', kind: 'knowledge', source: entry.question });
      expect(res.obj.answer.text).not.toMatch(/\{\{/);
    }
    const domain = (await ask(a.sessionId, '设备接入的在线域名和端口是多少？')).obj.answer.text;
    expect(domain).toContain('gps.chelian.test');
    for (const port of [t.config.ports.jt808, t.config.ports.gt06, t.config.ports.h02, t.config.ports.watch])
      expect(domain).toContain(String(port));
    expect((await ask(a.sessionId, '如何创建子用户？')).obj.answer.text).toContain('系统管理 › 用户管理');
  });

  it('says when it has no answer and offers the closest questions', async () => {
    const res = await ask(a.sessionId, '帮我订一张去北京的机票');
    expect(res.obj.answer.kind).toBe('unknown');
    expect(res.obj.answer.text).toContain('回答不了');
    expect(res.obj.answer.suggestions).toHaveLength(3);
  });

  it('refuses an empty question with a Chinese message', async () => {
    const res = await ask(a.sessionId, '   ');
    expect(res).toMatchObject({ flag: 0, errorCode: 'assistant.emptyQuestion', msg: '请输入您的问题' });
    const long = await ask(a.sessionId, '问'.repeat(201));
    expect(long.flag).toBe(0);
  });
});

describe('answers from the operator’s own fleet', () => {
  it('tells where a vehicle is, from its real last position, with buttons carrying its vehicleId', async () => {
    const { answer } = (await ask(a.sessionId, '粤B12345在哪')).obj;
    expect(answer.kind).toBe('data');
    expect(answer.text).toContain('粤B12345 当前在线，行驶中，速度 36 km/h，ACC 开');
    expect(answer.text).toContain(`经度 ${SZ.lon.toFixed(6)}，纬度 ${SZ.lat.toFixed(6)}`);
    expect(answer.text).toContain('深圳');
    expect(answer.actions).toEqual([
      { type: 'location', label: '实时跟踪', vehicleId: ids['粤B12345'] },
      { type: 'playback', label: '轨迹回放', vehicleId: ids['粤B12345'] },
      { type: 'vehicleDetail', label: '车辆详情', vehicleId: ids['粤B12345'] },
    ]);
  });

  it('never tells another tenant’s vehicle: it answers as for a plate that does not exist', async () => {
    const foreign = (await ask(a.sessionId, '粤C88888在哪')).obj.answer;
    const missing = (await ask(a.sessionId, '粤C00000在哪')).obj.answer;
    expect(foreign.text).toBe(missing.text.replace('粤C00000', '粤C88888'));
    expect(foreign.actions).toEqual([]);
    expect(foreign.text).not.toContain(SZ.lon.toFixed(3));
    // nor through the fleet-wide questions
    const alarms = (await ask(a.sessionId, '今天有哪些报警')).obj.answer;
    expect(alarms.text).not.toContain('粤C88888');
    expect((await ask(a.sessionId, '本周里程最多的车')).obj.answer.text).not.toContain('粤C88888');
    expect((await ask(a.sessionId, '哪些设备快到期')).obj.answer.text).not.toContain('粤C88888');
  });

  it('lists today’s alarms with alarm-detail buttons', async () => {
    const { answer } = (await ask(a.sessionId, '今天有哪些报警')).obj;
    expect(answer.kind).toBe('data');
    expect(answer.text).toMatch(/今天（\d{4}-\d{2}-\d{2}）共有 1 条报警：紧急报警 1 条/);
    expect(answer.text).toContain('粤B12345 紧急报警（未处理）');
    expect(answer.actions).toEqual([
      { type: 'alarmDetail', label: '粤B12345 报警明细', vehicleId: ids['粤B12345'] },
      { type: 'alarmDetail', label: '全部报警明细' },
    ]);
  });

  it('ranks this week’s mileage with a mileage-report button', async () => {
    const { answer } = (await ask(a.sessionId, '本周里程最多的车')).obj;
    expect(answer.text).toContain('里程最多的车是 粤B22222，共 128.3 km');
    expect(answer.text).toContain('2. 粤B12345 42.5 km');
    expect(answer.actions[0]).toEqual({ type: 'mileageReport', label: '粤B22222 里程报表', vehicleId: ids['粤B22222'] });
  });

  it('lists vehicles offline for more than a day with online-detail buttons', async () => {
    const { answer } = (await ask(a.sessionId, '哪些车离线超过一天')).obj;
    expect(answer.text).toContain('离线超过1天的车辆共 2 辆（含从未上线 1 辆）');
    expect(answer.text).toMatch(/粤B22222：已离线 (2天23|3天0)小时/);
    expect(answer.text).toContain('粤B33333：从未上线');
    expect(answer.text).not.toContain('粤B12345');
    expect(answer.actions).toContainEqual({ type: 'onlineDetail', label: '粤B22222 在线明细', vehicleId: ids['粤B22222'] });
  });

  it('lists what is offline now, as 实时监控 counts it, and says the threshold it used', async () => {
    const { answer } = (await ask(a.sessionId, '现在有哪些车离线')).obj;
    // 实时监控's own list of the fleet, filtered to offline: the same vehicles.
    const listed = await t.call(a.sessionId, { url: '/car/v4/api/vehicle/list.json?current=1&pageSize=50&online=false' });
    const plates = (listed.json().obj.list as { plate: string }[]).map((v) => v.plate).sort();
    expect(plates).toContain('粤B22222');
    expect(answer.text).toContain(`现在离线的车辆共 ${plates.length} 辆（共 3 辆车）`);
    for (const plate of plates) expect(answer.text).toContain(`${plate}：`);
    expect(answer.text).toMatch(/粤B22222：已离线 (2天23|3天0)小时/);
    expect(answer.text).toContain('粤B33333：从未上线');
    expect(answer.text).toContain(`终端超过 ${t.config.offlineAfterSeconds / 60} 分钟没有任何上报`);
    expect(answer.text).toContain('判定与实时监控相同');
    expect(answer.text).not.toContain('粤C88888');
    expect(answer.actions).toContainEqual({ type: 'vehicleDetail', label: '粤B22222 车辆详情', vehicleId: ids['粤B22222'] });
    const other = (await ask(b.sessionId, '现在有哪些车离线')).obj.answer;
    expect(other.text).not.toMatch(/粤B(12345|22222|33333)/);
  });

  it('lists devices about to expire', async () => {
    const { answer } = (await ask(a.sessionId, '哪些设备快到期')).obj;
    expect(answer.text).toContain('已到期 0 台，30 天内到期 1 台');
    expect(answer.text).toMatch(/粤B33333（设备 013900033333）：还剩 [56] 天/);
    expect(answer.actions).toEqual([{ type: 'vehicleDetail', label: '粤B33333 车辆详情', vehicleId: ids['粤B33333'] }]);
  });

  it('answers only what the role may see', async () => {
    const { answer } = (await ask(narrow.sessionId, '粤B12345在哪')).obj;
    expect(answer.kind).toBe('denied');
    expect(answer.text).toContain('没有「智能车联 › 实时监控」或「智能车联 › 车辆跟踪」的权限');
    expect(answer.text).not.toContain('114.05');
  });
});

describe('how-to answers for every menu', () => {
  it('answers the two questions of issue 35 with the menus and buttons of this role', async () => {
    const gps = (await ask(a.sessionId, '我新买了一台GPS定位器，怎么添加到平台上？')).obj.answer;
    expect(gps.kind).toBe('knowledge');
    expect(gps.text).toContain('智能车联 › 车辆管理');
    expect(gps.text).toContain('新增车辆');
    const speed = (await ask(a.sessionId, '怎么设置超速报警？限速想改成80公里')).obj.answer;
    expect(speed).toMatchObject({ kind: 'knowledge', source: '怎么设置超速报警？' });
    expect(speed.text).toContain('限速(km/h)');
    expect(speed.text).toContain('系统中心 › 报警设置');
    expect(speed.text).not.toContain('暂无此菜单');
  });

  it('never points a role to a menu it lacks', async () => {
    // narrow holds 站内信 only: a how-to of a page it lacks says so instead of sending it there.
    const fence = (await ask(narrow.sessionId, '画一个区域，车出去了就报警')).obj.answer;
    expect(fence.kind).toBe('denied');
    expect(fence.text).toContain('您当前的角色没有这个菜单');
    const speed = (await ask(narrow.sessionId, '怎么设置超速报警？限速想改成80公里')).obj.answer;
    expect(speed.text).toContain('智能车联 › 车辆管理（您的角色暂无此菜单');
    const notice = (await ask(narrow.sessionId, '平台发给我的消息通知去哪里看')).obj.answer;
    expect(notice).toMatchObject({ kind: 'knowledge', source: '系统中心 › 站内信' });
    expect(notice.text).toContain('位置：系统中心 › 站内信');
  });

  it('names the buttons of a page the role has and the ones it lacks', async () => {
    const noDelete = await createTenant(t, { codes: ['car:vehicle', 'car:vehicle:add'], parentAccountId: a.accountId });
    const { answer } = (await ask(noDelete.sessionId, '车牌号录错了怎么改')).obj;
    expect(answer.text).toContain('位置：智能车联 › 车辆管理');
    expect(answer.text).toContain('您的角色可以使用的按钮：新增车辆。');
    expect(answer.text).toContain('您的角色没有「编辑车辆」「删除车辆」「批量导入」按钮');
  });
});

describe('help-centre articles and history', () => {
  it('indexes the articles a user may read, and only those', async () => {
    const published = await t.call(a.sessionId, {
      method: 'POST',
      url: '/car/v4/api/notice/publish.json',
      payload: {
        type: 'article',
        title: '冷链车温度探头校准方法',
        html: '<p>温度探头每半年校准一次：在 智能车联 › 指令下发 发送自定义指令 TEMPCAL#。</p>',
        accountIds: [a.accountId],
      },
    });
    expect(published.json().flag).toBe(1);
    const mine = (await ask(a.sessionId, '温度探头怎么校准')).obj.answer;
    expect(mine).toMatchObject({ kind: 'knowledge', source: '帮助文章：冷链车温度探头校准方法' });
    expect(mine.text).toContain('TEMPCAL#');
    const other = (await ask(b.sessionId, '温度探头怎么校准')).obj.answer;
    expect(other.text).not.toContain('TEMPCAL#');
  });

  it('keeps each user’s conversation on the server; a user reads and clears only their own', async () => {
    const history = (sid: string) => t.call(sid, { url: '/ai/history.json' }).then((r) => r.json().obj.list as AssistantMessage[]);
    await ask(narrow.sessionId, '如何激活设备？');
    const list = await history(narrow.sessionId);
    expect(list.slice(-2).map((m) => [m.role, m.kind])).toEqual([
      ['user', 'question'],
      ['assistant', 'knowledge'],
    ]);
    expect(list.at(-2)!.text).toBe('如何激活设备？');
    expect((await history(b.sessionId)).some((m) => m.text === '如何激活设备？')).toBe(false);
    const cleared = await t.call(narrow.sessionId, { method: 'POST', url: '/ai/clearHistory.json' });
    expect(cleared.json().obj.deleted).toBe(list.length);
    expect(await history(narrow.sessionId)).toEqual([]);
    expect((await history(a.sessionId)).length).toBeGreaterThan(0);
  });

  it('needs a session', async () => {
    expect((await t.call(null, { url: '/ai/history.json' })).json().flag).toBe(4010);
  });
});
