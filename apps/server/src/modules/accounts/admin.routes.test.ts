import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { encryptForLogin } from '../auth/rsa.ts';

let t: TestServer;
let dealer: Tenant;
let rival: Tenant;
const adminCodes = [
  'system',
  'system:account',
  'system:account:add',
  'system:account:edit',
  'system:account:delete',
  'system:user',
  'system:user:add',
  'system:user:edit',
  'system:user:resetPassword',
  'system:role',
  'system:role:edit',
  'car',
  'car:monitor',
];

beforeAll(async () => {
  t = await createTestServer();
  dealer = await createTenant(t, { codes: adminCodes, name: '华东经销商' });
  rival = await createTenant(t, { codes: adminCodes, name: '华南经销商' });
});
afterAll(() => t?.close());

const post = (s: Tenant, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(s.sessionId, { method: 'POST', url, ...form(fields) }).then((r) => r.json());

describe('account, user and role administration', () => {
  it('builds a sub-account with a role and a user who can log in with only what was granted', async () => {
    const sub = await post(dealer, '/car/v4/api/account/add.json', { name: '杭州客户', kind: 'customer', phone: '13700001111' });
    expect(sub.flag).toBe(1);
    const accounts = (await t.call(dealer.sessionId, { url: '/car/v4/api/account/list.json' })).json().obj;
    expect(accounts.map((a: { name: string; depth: number }) => [a.name, a.depth])).toEqual([
      ['华东经销商', 0],
      ['杭州客户', 1],
    ]);
    const accountTreeBody = (await t.call(dealer.sessionId, { url: '/car/v4/api/account/customerTree.json' })).json().obj;
    expect(accountTreeBody).toEqual([
      {
        accountId: dealer.accountId,
        accountName: '华东经销商',
        children: [{ accountId: sub.obj.id, accountName: '杭州客户', children: [] }],
      },
    ]);

    const monitorId = (await t.call(dealer.sessionId, { url: '/car/v1/api/resource/list.json' }))
      .json()
      .obj.filter((r: { code: string }) => ['car', 'car:monitor'].includes(r.code))
      .map((r: { id: number }) => r.id);
    const role = await t
      .call(dealer.sessionId, {
        method: 'POST',
        url: '/car/v4/api/role/save.json',
        payload: { accountId: sub.obj.id, name: '调度员', resourceIds: monitorId },
      })
      .then((r) => r.json());
    expect(role.flag).toBe(1);
    const tooMuch = await t
      .call(dealer.sessionId, {
        method: 'POST',
        url: '/car/v4/api/role/save.json',
        payload: { accountId: sub.obj.id, name: '越权', resourceIds: [8005] },
      })
      .then((r) => r.json());
    expect(tooMuch).toMatchObject({ flag: 0, errorCode: 'account.roleExceedsGrantor', msg: '不能分配超出本人权限范围的菜单或按钮' });

    const weak = await post(dealer, '/car/v4/api/user/add.json', {
      accountId: sub.obj.id,
      roleId: role.obj.id,
      username: 'hz_dispatch',
      password: encryptForLogin(t.ctx.publicKey, 'abc'),
    });
    expect(weak.msg).toContain('8-32');
    const user = await post(dealer, '/car/v4/api/user/add.json', {
      accountId: sub.obj.id,
      roleId: role.obj.id,
      username: 'hz_dispatch',
      name: '小王',
      password: encryptForLogin(t.ctx.publicKey, 'Dispatch2026'),
    });
    expect(user.flag).toBe(1);
    const dup = await post(dealer, '/car/v4/api/user/add.json', {
      accountId: sub.obj.id,
      roleId: role.obj.id,
      username: 'hz_dispatch',
      password: encryptForLogin(t.ctx.publicKey, 'Dispatch2026'),
    });
    expect(dup).toMatchObject({ errorCode: 'account.usernameTaken', msg: '用户名已存在' });

    const session = await t.login('hz_dispatch', 'Dispatch2026');
    const tree = (await t.call(session, { url: '/car/v1/api/resource/newList.json' })).json().obj;
    expect(tree).toHaveLength(1);
    expect(tree[0].children.map((c: { code: string }) => c.code)).toEqual(['car:monitor']);
    expect((await t.call(session, { url: '/car/v4/api/account/list.json' })).json().msg).toBe('没有该操作的权限');
  });

  it("never lets one dealer see or touch another dealer's accounts, users or roles", async () => {
    const rivalAccounts = JSON.stringify((await t.call(rival.sessionId, { url: '/car/v4/api/account/list.json' })).json().obj);
    expect(rivalAccounts).not.toContain('华东');
    expect(rivalAccounts).not.toContain('杭州');
    const rivalUsers = JSON.stringify((await t.call(rival.sessionId, { url: '/car/v4/api/user/list.json?pageSize=100' })).json().obj);
    expect(rivalUsers).not.toContain('hz_dispatch');
    const intoDealer = await post(rival, '/car/v4/api/account/add.json', { name: '渗透', parentId: dealer.accountId });
    expect(intoDealer).toMatchObject({ flag: 0, errorCode: 'account.accountNotFound', msg: '账户不存在或无权访问' });
    const editDealer = await post(rival, '/car/v4/api/account/update.json', { id: dealer.accountId, name: '改名' });
    expect(editDealer.msg).toBe('账户不存在或无权访问');
    const reset = await post(rival, '/car/v4/api/user/resetPassword.json', {
      id: dealer.userId,
      password: encryptForLogin(t.ctx.publicKey, 'Hijack2026x'),
    });
    expect(reset).toMatchObject({ errorCode: 'account.userNotFound', msg: '用户不存在或无权访问' });
    const roles = JSON.stringify((await t.call(rival.sessionId, { url: '/car/v4/api/role/list.json' })).json().obj);
    expect(roles).not.toContain('调度员');
  });

  it('searches users for a typed % or _ literally, not as a wildcard', async () => {
    const u = await createTenant(t, { codes: adminCodes }); // its username has a '_' in it
    const names = async (keyword: string) =>
      (
        (await t.call(u.sessionId, { url: `/car/v4/api/user/list.json?keyword=${encodeURIComponent(keyword)}` })).json().obj.list as {
          username: string;
        }[]
      ).map((x) => x.username);
    expect(u.username).toContain('_');
    expect(await names('%')).toEqual([]);
    expect(await names(u.username.replace('_', '%'))).toEqual([]);
    expect(await names(u.username.replace('_', 'x'))).toEqual([]);
    expect(await names('_')).toEqual([u.username]);
    expect(await names(u.username)).toEqual([u.username]);
  });

  it("disables a user, which ends their sessions, and refuses to change one's own account", async () => {
    const list = (await t.call(dealer.sessionId, { url: '/car/v4/api/user/list.json?keyword=hz_' })).json().obj.list;
    const target = list[0];
    const session = await t.login('hz_dispatch', 'Dispatch2026');
    const res = await post(dealer, '/car/v4/api/user/update.json', {
      id: target.id,
      accountId: target.accountId,
      roleId: target.roleId,
      enabled: false,
    });
    expect(res.flag).toBe(1);
    expect((await t.call(session, { url: '/car/v1/api/user/getUser.json' })).json().flag).toBe(4010);
    const self = await post(dealer, '/car/v4/api/account/update.json', { id: dealer.accountId, name: '华东经销商', enabled: false });
    expect(self).toMatchObject({ errorCode: 'account.ownAccountLocked', msg: '不能修改本账户的状态，请联系上级账户' });
  });
});

describe('what an account holds', () => {
  it('counts its vehicles apart from the people wearing badges and the pets, and refuses a delete naming each', async () => {
    const id = (await post(dealer, '/car/v4/api/account/add.json', { name: '环卫客户' })).obj.id;
    for (const [name, type] of [
      ['粤B61001', 'vehicle'],
      ['深圳61002', 'ebike'],
      ['王桂英', 'badge'],
    ])
      await t.ctx.db.query(`INSERT INTO vehicles (account_id, name, plate, type) VALUES ($1, $2, $2, $3)`, [id, name, type]);
    await t.ctx.db.query(`INSERT INTO pets (account_id, name) VALUES ($1, '旺财')`, [id]);
    const accounts = (await t.call(dealer.sessionId, { url: '/car/v4/api/account/list.json' })).json().obj as Array<{ id: number }>;
    expect(accounts.find((a) => a.id === id)).toMatchObject({ vehicleCount: 2, personCount: 1, petCount: 1 });
    expect((await post(dealer, '/car/v4/api/account/delete.json', { id })).msg).toBe(
      '账户“环卫客户”下仍有2辆车辆、1名人员、1只宠物，请先转移或删除后再删除账户',
    );
  });
});

describe('deleting accounts', () => {
  it('refuses while the account holds sub-accounts, terminals or vehicles, then removes it with its users and roles', async () => {
    const parent = (await post(dealer, '/car/v4/api/account/add.json', { name: '待删经销商', kind: 'dealer' })).obj.id;
    const child = (await post(dealer, '/car/v4/api/account/add.json', { name: '待删客户', parentId: parent })).obj.id;
    const refused = await post(dealer, '/car/v4/api/account/delete.json', { id: parent });
    expect(refused).toMatchObject({
      flag: 0,
      errorCode: 'account.stillHolds',
      msg: '账户“待删经销商”下仍有1个下级账户，请先转移或删除后再删除账户',
    });

    await t.ctx.db.query(
      `INSERT INTO terminals (identifier, identifier_key, protocol, account_id) VALUES ('13912345678', '13912345678', 'jt808', $1)`,
      [child],
    );
    const withTerminal = await post(dealer, '/car/v4/api/account/delete.json', { id: child });
    expect(withTerminal.msg).toBe('账户“待删客户”下仍有1台终端，请先转移或删除后再删除账户');
    await t.ctx.db.query('UPDATE terminals SET account_id = NULL WHERE account_id = $1', [child]);

    const role = (
      await t.call(dealer.sessionId, {
        method: 'POST',
        url: '/car/v4/api/role/save.json',
        payload: { accountId: child, name: '临时角色', resourceIds: [] },
      })
    ).json().obj.id;
    await post(dealer, '/car/v4/api/user/add.json', {
      accountId: child,
      roleId: role,
      username: 'temp_user',
      password: encryptForLogin(t.ctx.publicKey, 'TempUser2026'),
    });
    expect((await post(dealer, '/car/v4/api/account/delete.json', { id: child })).flag).toBe(1);
    expect((await post(dealer, '/car/v4/api/account/delete.json', { id: parent })).flag).toBe(1);
    const names = (await t.call(dealer.sessionId, { url: '/car/v4/api/account/list.json' }))
      .json()
      .obj.map((a: { name: string }) => a.name);
    expect(names).not.toContain('待删客户');
    expect(await t.ctx.db.query("SELECT 1 FROM users WHERE username = 'temp_user'")).toHaveLength(0);
  });

  it("never deletes one's own account, a parent or a sibling", async () => {
    expect(await post(dealer, '/car/v4/api/account/delete.json', { id: dealer.accountId })).toMatchObject({
      flag: 0,
      errorCode: 'account.ownAccountDelete',
    });
    const sibling = await post(dealer, '/car/v4/api/account/delete.json', { id: rival.accountId });
    expect(sibling).toMatchObject({ flag: 0, errorCode: 'account.accountNotFound', msg: '账户不存在或无权访问' });
    const sub = await createTenant(t, { codes: adminCodes, name: '下级客户', parentAccountId: dealer.accountId });
    expect(await post(sub, '/car/v4/api/account/delete.json', { id: dealer.accountId })).toMatchObject({
      errorCode: 'account.accountNotFound',
    });
    expect(await post(sub, '/car/v4/api/account/update.json', { id: dealer.accountId, name: '夺权' })).toMatchObject({
      errorCode: 'account.accountNotFound',
    });
    const visible = (await t.call(sub.sessionId, { url: '/car/v4/api/account/list.json' })).json().obj.map((a: { id: number }) => a.id);
    expect(visible).toEqual([sub.accountId]);
  });
});

describe('roles never grant more than their creator holds', () => {
  it("refuses resources beyond the caller's, a role raising itself, and roles of other accounts", async () => {
    const sub = await createTenant(t, {
      codes: ['system', 'system:role', 'system:role:edit', 'car', 'car:monitor'],
      name: '角色测试客户',
      parentAccountId: dealer.accountId,
    });
    const ids = (await t.call(sub.sessionId, { url: '/car/v1/api/resource/list.json' })).json().obj.map((r: { id: number }) => r.id);
    const save = (payload: object) =>
      t.call(sub.sessionId, { method: 'POST', url: '/car/v4/api/role/save.json', payload }).then((r) => r.json());
    expect((await save({ accountId: sub.accountId, name: '监控员', resourceIds: ids.filter((id: number) => id !== 12003) })).flag).toBe(1);
    // car:command (8005) is held by the dealer above, not by this caller
    expect(await save({ accountId: sub.accountId, name: '越权', resourceIds: [...ids, 8005] })).toMatchObject({
      errorCode: 'account.roleExceedsGrantor',
    });
    expect(await save({ id: sub.roleId, accountId: sub.accountId, name: '自己', resourceIds: ids })).toMatchObject({
      errorCode: 'account.ownRoleLocked',
      msg: '不能修改本人所用的角色，请联系上级账户',
    });
    const dealerRoles = (await t.call(dealer.sessionId, { url: `/car/v4/api/role/list.json?accountId=${dealer.accountId}` })).json().obj;
    expect(await save({ id: dealerRoles[0].id, accountId: dealer.accountId, name: '上级', resourceIds: [] })).toMatchObject({
      errorCode: 'account.accountNotFound',
    });
    const roles = (await t.call(sub.sessionId, { url: '/car/v4/api/role/list.json' })).json().obj;
    expect(roles.map((r: { id: number; name: string; isOwn: boolean }) => [r.id === sub.roleId ? 'own' : r.name, r.isOwn])).toEqual([
      ['own', true],
      ['监控员', false],
    ]);
  });
});

describe('users and SMS login phones', () => {
  it('keeps a phone to one user and keeps it when an edit leaves it out', async () => {
    const roles = (await t.call(dealer.sessionId, { url: `/car/v4/api/role/list.json?accountId=${dealer.accountId}` })).json().obj;
    const add = (username: string, phone: string) =>
      post(dealer, '/car/v4/api/user/add.json', {
        accountId: dealer.accountId,
        roleId: roles[0].id,
        username,
        phone,
        password: encryptForLogin(t.ctx.publicKey, 'Phone2026ab'),
      });
    const first = await add('phone_a', '13811112222');
    expect(first.flag).toBe(1);
    expect(await add('phone_b', '13811112222')).toMatchObject({ errorCode: 'account.phoneTaken', msg: '该手机号已被其他用户绑定' });
    expect(await add('phone_c', '12345')).toMatchObject({ errorCode: 'account.phoneInvalid' });
    expect(
      (
        await post(dealer, '/car/v4/api/user/update.json', {
          id: first.obj.id,
          accountId: dealer.accountId,
          roleId: roles[0].id,
          name: '改名',
        })
      ).flag,
    ).toBe(1);
    expect((await t.ctx.db.query<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [first.obj.id]))[0].phone).toBe('13811112222');
    const foreign = await post(rival, '/car/v4/api/user/update.json', {
      id: first.obj.id,
      accountId: dealer.accountId,
      roleId: roles[0].id,
    });
    expect(foreign).toMatchObject({ errorCode: 'account.accountNotFound' });
  });
});
