import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { encryptForLogin } from '../auth/rsa.ts';

let t: TestServer;
let dealer: Tenant;
let rival: Tenant;
const adminCodes = ['system', 'system:account', 'system:account:add', 'system:account:edit', 'system:user', 'system:user:add', 'system:user:edit', 'system:user:resetPassword', 'system:role', 'system:role:edit', 'car', 'car:monitor'];

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
    expect(accounts.map((a: { name: string; depth: number }) => [a.name, a.depth])).toEqual([['华东经销商', 0], ['杭州客户', 1]]);
    const accountTreeBody = (await t.call(dealer.sessionId, { url: '/car/v4/api/account/customerTree.json' })).json().obj;
    expect(accountTreeBody).toEqual([{ accountId: dealer.accountId, accountName: '华东经销商', children: [{ accountId: sub.obj.id, accountName: '杭州客户', children: [] }] }]);

    const monitorId = (await t.call(dealer.sessionId, { url: '/car/v1/api/resource/list.json' })).json().obj.filter((r: { code: string }) => ['car', 'car:monitor'].includes(r.code)).map((r: { id: number }) => r.id);
    const role = await t.call(dealer.sessionId, { method: 'POST', url: '/car/v4/api/role/save.json', payload: { accountId: sub.obj.id, name: '调度员', resourceIds: monitorId } }).then((r) => r.json());
    expect(role.flag).toBe(1);
    const tooMuch = await t.call(dealer.sessionId, { method: 'POST', url: '/car/v4/api/role/save.json', payload: { accountId: sub.obj.id, name: '越权', resourceIds: [8005] } }).then((r) => r.json());
    expect(tooMuch.msg).toBe('不能分配超出本人权限范围的菜单或按钮');

    const weak = await post(dealer, '/car/v4/api/user/add.json', { accountId: sub.obj.id, roleId: role.obj.id, username: 'hz_dispatch', password: encryptForLogin(t.ctx.publicKey, 'abc') });
    expect(weak.msg).toContain('8-32');
    const user = await post(dealer, '/car/v4/api/user/add.json', { accountId: sub.obj.id, roleId: role.obj.id, username: 'hz_dispatch', name: '小王', password: encryptForLogin(t.ctx.publicKey, 'Dispatch2026') });
    expect(user.flag).toBe(1);
    const dup = await post(dealer, '/car/v4/api/user/add.json', { accountId: sub.obj.id, roleId: role.obj.id, username: 'hz_dispatch', password: encryptForLogin(t.ctx.publicKey, 'Dispatch2026') });
    expect(dup.msg).toBe('用户名已存在');

    const session = await t.login('hz_dispatch', 'Dispatch2026');
    const tree = (await t.call(session, { url: '/car/v1/api/resource/newList.json' })).json().obj;
    expect(tree).toHaveLength(1);
    expect(tree[0].children.map((c: { code: string }) => c.code)).toEqual(['car:monitor']);
    expect((await t.call(session, { url: '/car/v4/api/account/list.json' })).json().msg).toBe('没有该操作的权限');
  });

  it('never lets one dealer see or touch another dealer\'s accounts, users or roles', async () => {
    const rivalAccounts = JSON.stringify((await t.call(rival.sessionId, { url: '/car/v4/api/account/list.json' })).json().obj);
    expect(rivalAccounts).not.toContain('华东');
    expect(rivalAccounts).not.toContain('杭州');
    const rivalUsers = JSON.stringify((await t.call(rival.sessionId, { url: '/car/v4/api/user/list.json?pageSize=100' })).json().obj);
    expect(rivalUsers).not.toContain('hz_dispatch');
    const intoDealer = await post(rival, '/car/v4/api/account/add.json', { name: '渗透', parentId: dealer.accountId });
    expect(intoDealer).toMatchObject({ flag: 0, msg: '账户不存在或无权访问' });
    const editDealer = await post(rival, '/car/v4/api/account/update.json', { id: dealer.accountId, name: '改名' });
    expect(editDealer.msg).toBe('账户不存在或无权访问');
    const reset = await post(rival, '/car/v4/api/user/resetPassword.json', { id: dealer.userId, password: encryptForLogin(t.ctx.publicKey, 'Hijack2026x') });
    expect(reset.msg).toBe('用户不存在或无权访问');
    const roles = JSON.stringify((await t.call(rival.sessionId, { url: '/car/v4/api/role/list.json' })).json().obj);
    expect(roles).not.toContain('调度员');
  });

  it('disables a user, which ends their sessions, and refuses to change one\'s own account', async () => {
    const list = (await t.call(dealer.sessionId, { url: '/car/v4/api/user/list.json?keyword=hz_' })).json().obj.list;
    const target = list[0];
    const session = await t.login('hz_dispatch', 'Dispatch2026');
    const res = await post(dealer, '/car/v4/api/user/update.json', { id: target.id, accountId: target.accountId, roleId: target.roleId, enabled: false });
    expect(res.flag).toBe(1);
    expect((await t.call(session, { url: '/car/v1/api/user/getUser.json' })).json().flag).toBe(4010);
    const self = await post(dealer, '/car/v4/api/account/update.json', { id: dealer.accountId, name: '华东经销商', enabled: false });
    expect(self.msg).toBe('不能修改本账户的状态，请联系上级账户');
  });
});
