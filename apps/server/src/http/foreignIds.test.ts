import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../testing/testServer.ts';
import { createTenant, type Tenant } from '../testing/fixtures.ts';
import { seedOneOfEverything } from '../testing/oneOfEverything.ts';
import { multipart } from '../testing/multipart.ts';
import { fieldsOf, kindOf, send } from './foreignIds.probe.ts';
import {
  baseValues,
  DESTRUCTIVE,
  findings,
  idFields,
  probedRoutes,
  victimState,
  walkForeignIds,
  type Seeded,
  type Side,
} from './foreignIds.walk.ts';

/*
 * Tenant B's administrator (every permission, another branch of the account tree) calls every
 * route with tenant A's ids in its id fields, one field at a time (the others naming B's own
 * objects, so the call gets as deep as it can) and all at once, then with junk in them; so does
 * the administrator of C, an account under A, which must not reach A's own objects either. No
 * answer may be a 5xx, show anything of A's (names, plates, phones, device numbers), serve A's
 * files, or tell A's object from one that does not exist; failures speak the catalogue's Chinese;
 * A's rows are the same afterwards. Findings are gathered and reported together.
 */
let t: TestServer;
let a: Tenant;
let b: Tenant;
let c: Tenant;
let A: Seeded;
let B: Seeded;
let C: Seeded;
let before: Map<string, string>;

const JUNK: unknown[] = [-1, 2 ** 53, 'abc', [1, 2], "1' OR '1'='1 <script>alert(1)</script>", ''];

async function seedNotice(admin: string, tenant: Tenant, seeded: Seeded) {
  const published = (
    await t.call(admin, {
      method: 'POST',
      url: '/car/v4/api/notice/publish.json',
      payload: { type: 'notice', title: `${seeded.marker}公告`, html: `<p>${seeded.marker}</p>`, accountIds: [tenant.accountId] },
    })
  ).json();
  if (published.flag !== 1) throw new Error(`notice: ${published.msg}`);
  seeded.noticeId = published.obj.id;
  const page = (await t.call(tenant.sessionId, { url: '/car/v1/helpCenter/helpMessage/pageHelpMessage' })).json();
  seeded.messageId = page.obj.list.find((m: { title: string }) => m.title.includes(seeded.marker))?.id;
}

const victim = (): Side => ({ tenant: a, seeded: A, secrets: [A.marker, ...A.identifiers, ...Object.values(A.imeis), '甲方公司'] });

beforeAll(async () => {
  // Thousands of calls from one session in a minute on a fast machine: the limits are not what is probed.
  t = await createTestServer({
    rateLimits: {
      apiPerAddress: 0,
      apiPerSession: 0,
      login: 0,
      captcha: 0,
      sms: 0,
      password: 0,
      export: 0,
      loginFailuresPerAccount: 0,
      loginPerSecond: 0,
    },
  });
  a = await createTenant(t, { codes: 'all', name: '甲方公司' });
  b = await createTenant(t, { codes: 'all', name: '乙方公司' });
  A = { ...(await seedOneOfEverything(t, a, 1, '甲方秘密')), accountId: a.accountId };
  B = { ...(await seedOneOfEverything(t, b, 2, '乙方自有')), accountId: b.accountId };
  c = await createTenant(t, { codes: 'all', name: '丙方分公司', parentAccountId: a.accountId });
  C = { ...(await seedOneOfEverything(t, c, 3, '丙方自有')), accountId: c.accountId };
  const admin = await t.login();
  for (const [tenant, seeded] of [
    [a, A],
    [b, B],
    [c, C],
  ] as const)
    await seedNotice(admin, tenant, seeded);
  before = await victimState(t, victim(), c);
}, 180_000);
afterAll(() => t?.close());

describe('other tenants send tenant A’s ids to every route', () => {
  it('finds one of every id kind in the route schemas', () => {
    const kinds = new Set(probedRoutes(t).flatMap((r) => idFields(r).map((f) => kindOf(r.url, f.name))));
    for (const k of [
      'vehicle',
      'leaseVehicle',
      'ecBike',
      'gbBike',
      'staff',
      'pet',
      'contract',
      'geofence',
      'account',
      'user',
      'role',
      'alarm',
      'export',
      'imei:car',
      'imei:free',
    ])
      expect(kinds).toContain(k);
  });

  it(
    'never answers a 5xx, never shows A’s objects, nor tells them from missing ones, and speaks Chinese',
    { timeout: 240_000 },
    async () => {
      const { found, calls } = await walkForeignIds(t, { tenant: b, seeded: B, secrets: [] }, victim());
      expect(calls).toBeGreaterThan(300);
      expect(found).toEqual([]);
    },
  );

  it('gives an account under A none of A’s own objects either', { timeout: 240_000 }, async () => {
    // A notice published to A is read by A's whole subtree (docs/decisions.md).
    const { found } = await walkForeignIds(t, { tenant: c, seeded: C, secrets: [] }, victim(), {
      sharedDown: /\/helpCenter\/helpMessage\//,
    });
    expect(found).toEqual([]);
  });

  it('answers junk in every id field with a Chinese failure, never a 5xx', { timeout: 240_000 }, async () => {
    const found: string[] = [];
    for (const r of probedRoutes(t)) {
      const fields = fieldsOf(r);
      const base = baseValues(r, fields, B);
      for (const f of idFields(r)) {
        for (const junk of JUNK) {
          const res = await send(t, b.sessionId, r, fields, { ...base, [f.name]: junk });
          found.push(...(await findings(`${r.method} ${r.url} ${f.name}=${JSON.stringify(junk)}`, res, [], [junk], false)));
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('ignores account and user fields a route does not declare', { timeout: 120_000 }, async () => {
    // Schemas let undeclared fields through to the handler: one that spread its input over the
    // caller's account would create or read in A.
    const found: string[] = [];
    const extra: Record<string, unknown> = {
      accountId: a.accountId,
      account_id: a.accountId,
      userId: a.userId,
      user_id: a.userId,
      accountPath: a.accountPath,
      path: a.accountPath,
      scope: a.accountPath,
    };
    for (const r of probedRoutes(t).filter((x) => !DESTRUCTIVE.test(x.url))) {
      const fields = fieldsOf(r);
      const declared = new Set(fields.map((f) => f.name));
      const added = Object.keys(extra)
        .filter((k) => !declared.has(k))
        .map((name) => ({ name, schema: {}, required: false, inQuery: r.method === 'GET' }));
      const values = { ...baseValues(r, fields, B), ...Object.fromEntries(added.map((f) => [f.name, extra[f.name]])) };
      const res = await send(t, b.sessionId, r, [...fields, ...added], values);
      found.push(...(await findings(`${r.method} ${r.url} with undeclared A ids`, res, victim().secrets, [], false)));
    }
    expect(found).toEqual([]);
  });

  it('finds none of A’s objects by searching for their names, plates or device numbers', { timeout: 60_000 }, async () => {
    const found: string[] = [];
    for (const r of probedRoutes(t).filter((x) => !DESTRUCTIVE.test(x.url))) {
      const fields = fieldsOf(r);
      const base = baseValues(r, fields, B);
      for (const f of fields.filter((x) => x.name === 'keyword' || x.name === 'question')) {
        for (const term of [A.marker, A.identifiers[0]!, A.imeis.car!]) {
          const res = await send(t, b.sessionId, r, fields, { ...base, [f.name]: f.name === 'question' ? `${term}在哪里` : term });
          found.push(...(await findings(`${r.method} ${r.url} ${f.name}=${term}`, res, victim().secrets, [term], false)));
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('exports nothing of A’s when an export’s params name A’s vehicle, group or account', { timeout: 60_000 }, async () => {
    const found: string[] = [];
    const kinds = (await t.call(b.sessionId, { url: '/car/v4/api/system/dictionary/list.json?type=reportType' })).json().obj
      .reportType as Array<{ value: string }>;
    expect(kinds.length).toBeGreaterThan(5);
    const route = t.routes.find((r) => r.url === '/car/v1/accelerate/export/exportDataReportFile.json')!;
    const fields = fieldsOf(route);
    for (const { value: reportType } of kinds) {
      for (const [key, id] of [
        ['vehicleId', A.ids.vehicle],
        ['groupId', A.ids.group],
        ['accountId', A.accountId],
      ] as const) {
        const params = JSON.stringify({ startDate: '2026-11-19', endDate: '2026-11-26', [key]: id });
        const res = await send(t, b.sessionId, route, fields, { reportType, params });
        found.push(...(await findings(`export ${reportType} ${key}=A’s`, res, victim().secrets, [], true)));
      }
    }
    expect(found).toEqual([]);
  });

  it('imports nothing onto A’s devices, plates, staff numbers or frame numbers', async () => {
    const upload = (url: string, csv: string) =>
      t.call(b.sessionId, { method: 'POST', url, ...multipart({ fileName: 'probe.csv', content: csv, type: 'text/csv' }) });
    const sheets: Array<[string, string]> = [
      [
        '/car/v4/api/vehicle/vehicleVerify.json?protocol=gt06',
        `设备号,协议,车牌号\n${A.imeis.free},gt06,沪B95555\n${A.imeis.car},gt06,${A.identifiers[0]}\n868120149000001,gt06,${A.identifiers[0]}`,
      ],
      [
        '/car/v4/api/vehicle/import.json?protocol=gt06',
        `设备号,协议,车牌号\n${A.imeis.free},gt06,沪B95555\n${A.imeis.car},gt06,沪B95556\n868120149000001,gt06,${A.identifiers[0]}`,
      ],
      ['/car/v4/api/terminal/import.json?protocol=gt06', `设备号,协议\n${A.imeis.free},gt06\n${A.imeis.pet},gt06`],
      ['/card/v1/api/staff/import.json', `工号,姓名,工牌\nP1001,探针甲\nP9001,探针乙,${A.imeis.badge}\nP9002,探针丙,${A.imeis.free}`],
      ['/elec-gb/v1/api/bike/importVerify.json', `车架号,设备号\nPROBE1FRAME01,\nPROBEB9001,${A.imeis.gb}\nPROBEB9002,${A.imeis.free}`],
      ['/elec-gb/v1/api/bike/import.json', `车架号,设备号\nPROBE1FRAME01,\nPROBEB9001,${A.imeis.gb}\nPROBEB9002,${A.imeis.free}`],
    ];
    const found: string[] = [];
    for (const [url, csv] of sheets) {
      const res = await upload(url, csv);
      found.push(
        ...(await findings(
          `import ${url}`,
          res,
          victim().secrets,
          [A.imeis.free, A.imeis.car, A.imeis.pet, A.imeis.badge, A.imeis.gb, A.identifiers[0], 'P1001', 'PROBE1FRAME01'],
          true,
        )),
      );
    }
    expect(found).toEqual([]);
  });

  it('leaves A’s rows as they were', async () => {
    const after = await victimState(t, victim(), c);
    const changed = [...before]
      .filter(([table, rows]) => after.get(table) !== rows)
      .map(([table, rows]) => `${table}:\n  before ${rows.slice(0, 600)}\n  after  ${after.get(table)?.slice(0, 600)}`);
    expect(changed).toEqual([]);
  });

  it('still has A’s objects where A left them', async () => {
    const vehicle = (await t.call(a.sessionId, { url: `/car/v4/api/vehicle/detail.json?vehicleId=${A.ids.vehicle}` })).json();
    expect(vehicle.obj).toMatchObject({ name: '甲方秘密车', plate: A.identifiers[0] });
    const pet = (await t.call(a.sessionId, { url: `/pet/v1/api/pet/detail.json?petId=${A.ids.pet}` })).json();
    expect(pet.obj).toMatchObject({ name: '甲方秘密' });
    const contract = (await t.call(a.sessionId, { url: `/elec-lease/v1/api/contract/detail.json?contractId=${A.ids.contract}` })).json();
    expect(contract.obj.contract).toMatchObject({ status: 'active' });
  });
});

/*
 * 掌上车联 (docs/end-users.md): a person B invited to one of its pets holds a 个人用户 account under
 * B with the 宠物主人 preset. Their session is walked over every route, naming A's objects and then
 * the objects of their own operator B other than their pet: they reach neither.
 */
describe('a person invited to one of B’s pets walks every route', () => {
  let person: Tenant;
  let own: Seeded;
  let operator: Side;

  beforeAll(async () => {
    const phone = '13900003613';
    const collar = '868120142000099';
    const post = (sid: string | null, url: string, fields: Record<string, string | number>) =>
      t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
    // A pet of its own, on a collar of its own: B's other objects (its first pet included) are the operator's.
    await post(b.sessionId, '/car/v4/api/terminal/add.json', { terminalId: collar, protocol: 'watch' });
    const pet = await post(b.sessionId, '/pet/v1/api/pet/save.json', { name: '宠主的狗', imei: collar });
    if (pet.flag !== 1) throw new Error(`pet: ${pet.msg}`);
    const invited = await post(b.sessionId, '/endUser/v1/api/pet/invite.json', { petId: pet.obj.petId, phone, name: '宠主' });
    if (invited.flag !== 1) throw new Error(`invite: ${invited.msg}`);
    await post(null, '/oauth/sendLoginSms', { phone });
    const sms = await t.ctx.db.one<{ content: string }>('SELECT content FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT 1', [
      phone,
    ]);
    const login = await post(null, '/oauth/v4/token', { phone, smsCode: /验证码为(\d{6})/.exec(sms!.content)![1]! });
    if (login.flag !== 1) throw new Error(`SMS login: ${login.msg}`);
    const path = (await t.ctx.db.one<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [invited.obj.accountId]))!.path;
    person = { ...b, accountId: invited.obj.accountId, accountPath: path, userId: invited.obj.userId, sessionId: login.obj.sessionId };
    own = { ...B, accountId: invited.obj.accountId, ids: { ...B.ids, pet: pet.obj.petId } };
    operator = { tenant: b, seeded: B, secrets: [B.marker, ...B.identifiers, ...Object.values(B.imeis)] };
  }, 60_000);

  it('reaches none of A’s objects', { timeout: 300_000 }, async () => {
    const { found, calls } = await walkForeignIds(t, { tenant: person, seeded: own, secrets: [] }, victim());
    expect(calls).toBeGreaterThan(300);
    expect(found).toEqual([]);
  });

  it('reaches none of its own operator’s other objects', { timeout: 300_000 }, async () => {
    const { found } = await walkForeignIds(t, { tenant: person, seeded: own, secrets: [] }, operator, {
      sharedDown: /\/helpCenter\/helpMessage\//,
    });
    expect(found).toEqual([]);
  });
});
