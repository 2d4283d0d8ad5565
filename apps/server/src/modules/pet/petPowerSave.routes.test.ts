/**
 * 宠物卫士 power save over a real watch-protocol collar (TCP through the gateway): the owner picks
 * the normal report interval (1/5/10/30 minutes), the collar is sent UPLOAD,n at once; during lost
 * mode the choice waits, and lost mode — switched off or run out — falls back to it; other values,
 * a family member and a foreign tenant are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchCodec, encodeWatchLink } from '@chelian/protocols/watch/index.ts';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { TestTerminal } from '../../testing/testTerminal.ts';
import { startGateway, type Gateway } from '../../gateway/gateway.ts';
import { restoreExpiredLostModes } from './lostMode.ts';

let t: TestServer;
let gw: Gateway;
let a: Tenant;
let b: Tenant;
let term: TestTerminal;
const ID = '9100000953';
let petId = 0;
const api = '/pet/v1/api';
const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());

beforeAll(async () => {
  t = await createTestServer();
  gw = await startGateway(t.ctx, { host: '127.0.0.1', ports: { watch: 0 }, offlineAfterSeconds: 60 });
  a = await createTenant(t, { codes: 'all' });
  b = await createTenant(t, { codes: 'all' });
  expect((await post(a.sessionId, '/car/v4/api/terminal/add.json', { terminalId: ID, protocol: 'watch' })).flag).toBe(1);
  petId = (await post(a.sessionId, `${api}/pet/save.json`, { name: '可乐', imei: ID })).obj.petId;
  term = await TestTerminal.connect(gw.ports.watch!, watchCodec);
  term.send(encodeWatchLink(ID));
  expect((await term.next()).toString()).toContain('LK');
});
afterAll(async () => {
  term?.close();
  await gw?.close();
  await t?.close();
});

describe('power save', () => {
  it('starts at 5 minutes; a choice is sent to the collar at once and kept on the pet', async () => {
    expect((await get(a.sessionId, `${api}/pet/detail.json?petId=${petId}`)).obj.reportSeconds).toBe(300);
    const res = await post(a.sessionId, `${api}/pet/powerSave.json`, { petId, seconds: 600 });
    expect(res.flag, JSON.stringify(res)).toBe(1);
    expect(res.obj.message).toBe('已设置为省电：项圈每10分钟上报一次，续航约4天');
    expect(res.obj.commandId).toBeGreaterThan(0);
    expect((await term.next()).toString()).toMatch(/\*UPLOAD,600\]$/);
    expect((await get(a.sessionId, `${api}/pet/detail.json?petId=${petId}`)).obj.reportSeconds).toBe(600);
  });

  it('refuses other intervals, a foreign tenant, and a family member', async () => {
    expect(await post(a.sessionId, `${api}/pet/powerSave.json`, { petId, seconds: 20 })).toMatchObject({
      flag: 0,
      msg: '上报间隔只能选择1、5、10或30分钟',
    });
    expect(await post(b.sessionId, `${api}/pet/powerSave.json`, { petId, seconds: 60 })).toMatchObject({
      flag: 0,
      errorCode: 'pet.petNotVisible',
    });
    expect((await post(a.sessionId, `${api}/pet/memberInvite.json`, { petId, user: b.username })).flag).toBe(1);
    const [invitation] = (await get(b.sessionId, `${api}/pet/invitations.json`)).obj;
    expect((await post(b.sessionId, `${api}/pet/invitationAnswer.json`, { memberId: invitation.memberId, accept: true })).flag).toBe(1);
    expect(await post(b.sessionId, `${api}/pet/powerSave.json`, { petId, seconds: 60 })).toMatchObject({
      flag: 0,
      msg: '家庭成员只能查看该宠物，不能修改或操作',
    });
    expect((await get(a.sessionId, `${api}/pet/detail.json?petId=${petId}`)).obj.reportSeconds).toBe(600);
  });

  it('waits during lost mode, and lost mode falls back to the chosen interval (off, or run out)', async () => {
    expect((await post(a.sessionId, `${api}/pet/lostMode.json`, { petId, on: true, minutes: 5 })).flag).toBe(1);
    expect((await term.next()).toString()).toMatch(/\*UPLOAD,15\]$/);
    const waiting = await post(a.sessionId, `${api}/pet/powerSave.json`, { petId, seconds: 1800 });
    expect(waiting.obj).toMatchObject({
      message: '已设置为超长待机（每30分钟上报一次，续航约4–5天），寻宠模式结束后生效',
      commandId: null,
    });
    const off = await post(a.sessionId, `${api}/pet/lostMode.json`, { petId, on: false });
    expect(off.obj.message).toBe('寻宠模式已关闭：项圈恢复每30分钟上报');
    expect((await term.next()).toString()).toMatch(/\*UPLOAD,1800\]$/);

    expect((await post(a.sessionId, `${api}/pet/powerSave.json`, { petId, seconds: 60 })).flag).toBe(1);
    expect((await term.next()).toString()).toMatch(/\*UPLOAD,60\]$/);
    const on = await post(a.sessionId, `${api}/pet/lostMode.json`, { petId, on: true, minutes: 5 });
    expect((await term.next()).toString()).toMatch(/\*UPLOAD,15\]$/);
    expect(await restoreExpiredLostModes(t.ctx.db, t.ctx.bus, new Date(on.obj.lostUntil + 1000))).toBe(1);
    expect((await term.next()).toString()).toMatch(/\*UPLOAD,60\]$/);
  });
});
