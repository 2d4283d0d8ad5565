/**
 * 宠物卫士 family sharing over the real routes: the owner invites by username or phone, the
 * invitation stays pending (nothing visible) until the invited user accepts, then the member views
 * the pet from another tenant but cannot edit, control (lost mode, FIND) or share it; a sixth
 * member is refused; removal revokes at once; another tenant's pet and member ids are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, form, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';

let t: TestServer;
let owner: Tenant;
let members: Tenant[];
let stranger: Tenant;
let petId = 0;
const api = '/pet/v1/api';
const post = (sid: string, url: string, fields: Record<string, string | number | boolean>) =>
  t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json());
const get = (sid: string, url: string) => t.call(sid, { url }).then((r) => r.json());
const readOnly = { flag: 0, errorCode: 'pet.memberReadOnly', msg: '家庭成员只能查看该宠物，不能修改或操作' };
const missing = { flag: 0, errorCode: 'pet.petNotVisible' };

beforeAll(async () => {
  t = await createTestServer();
  owner = await createTenant(t, { codes: 'all' });
  members = [];
  for (let i = 0; i < 6; i++) members.push(await createTenant(t, { codes: 'all' }));
  stranger = await createTenant(t, { codes: 'all' });
  await t.ctx.db.query(`UPDATE users SET phone = '13800009911' WHERE id = $1`, [members[1]!.userId]);
  expect((await post(owner.sessionId, '/car/v4/api/terminal/add.json', { terminalId: '9100000961', protocol: 'watch' })).flag).toBe(1);
  const pet = await post(owner.sessionId, `${api}/pet/save.json`, { name: '团团', imei: '9100000961' });
  expect(pet.flag, JSON.stringify(pet)).toBe(1);
  petId = pet.obj.petId;
});
afterAll(async () => {
  await t?.close();
});

describe('family sharing', () => {
  it('an invitation is pending and shows nothing until the member accepts; then the pet is seen read-only', async () => {
    const [b] = members;
    const invited = await post(owner.sessionId, `${api}/pet/memberInvite.json`, { petId, user: b!.username });
    expect(invited.flag, JSON.stringify(invited)).toBe(1);
    expect(invited.obj).toMatchObject({
      petId,
      userId: b!.userId,
      username: `${b!.username.slice(0, 2)}${'*'.repeat(b!.username.length - 3)}${b!.username.slice(-1)}`,
      name: '',
      status: 'pending',
      statusName: '待接受',
      acceptedAt: null,
    });
    expect((await get(b!.sessionId, `${api}/pet/list.json`)).obj).toEqual([]);
    expect(await get(b!.sessionId, `${api}/pet/detail.json?petId=${petId}`)).toMatchObject(missing);

    const waiting = (await get(b!.sessionId, `${api}/pet/invitations.json`)).obj;
    expect(waiting).toEqual([expect.objectContaining({ memberId: invited.obj.memberId, petId, petName: '团团' })]);
    expect((await post(b!.sessionId, `${api}/pet/invitationAnswer.json`, { memberId: invited.obj.memberId, accept: true })).obj).toEqual({
      memberId: invited.obj.memberId,
      accepted: true,
    });

    const list = (await get(b!.sessionId, `${api}/pet/list.json`)).obj;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ petId, name: '团团', shared: true, terminalId: '9100000961' });
    expect((await get(owner.sessionId, `${api}/pet/detail.json?petId=${petId}`)).obj.shared).toBe(false);
    for (const page of ['detail', 'zones', 'alarms', 'members', 'battery']) {
      expect((await get(b!.sessionId, `${api}/pet/${page}.json?petId=${petId}`)).flag, page).toBe(1);
    }
    expect((await get(b!.sessionId, `${api}/pet/history.json?petId=${petId}&date=2026-11-26`)).flag).toBe(1);
    expect((await get(b!.sessionId, `${api}/pet/activity.json?petId=${petId}&endDate=2026-11-26&days=7`)).flag).toBe(1);
    const shared = (await get(owner.sessionId, `${api}/pet/members.json?petId=${petId}`)).obj;
    expect(shared).toEqual([expect.objectContaining({ username: b!.username, status: 'active', statusName: '已加入' })]);
  });

  it('a member cannot edit, control or share the pet, though its own role could', async () => {
    const sid = members[0]!.sessionId;
    expect(await post(sid, `${api}/pet/lostMode.json`, { petId, on: true, minutes: 10 })).toMatchObject(readOnly);
    expect(await post(sid, `${api}/pet/find.json`, { petId })).toMatchObject(readOnly);
    expect(await post(sid, `${api}/pet/save.json`, { petId, name: '改名' })).toMatchObject(readOnly);
    expect(await post(sid, `${api}/pet/remove.json`, { petId })).toMatchObject(readOnly);
    expect(
      await post(sid, `${api}/pet/zoneSave.json`, { petId, name: '家', kind: 'circle', lon: 114.05, lat: 22.54, radiusMeters: 100 }),
    ).toMatchObject(readOnly);
    expect(await post(sid, `${api}/pet/memberInvite.json`, { petId, user: members[2]!.username })).toMatchObject(readOnly);
    expect((await get(owner.sessionId, `${api}/pet/detail.json?petId=${petId}`)).obj).toMatchObject({ name: '团团', lostUntil: null });
  });

  it('finds users by phone, refuses duplicates, oneself, strangers to the platform and a sixth member', async () => {
    const sid = owner.sessionId;
    const byPhone = (await post(sid, `${api}/pet/memberInvite.json`, { petId, user: '13800009911' })).obj;
    expect(byPhone).toMatchObject({ userId: members[1]!.userId, status: 'pending', name: '' });
    expect(byPhone.username).not.toBe(members[1]!.username); // a phone number does not tell whose account it is
    expect(await post(sid, `${api}/pet/memberInvite.json`, { petId, user: '13800009911' })).toMatchObject({
      errorCode: 'pet.memberExists',
      msg: '13800009911 已是家庭成员或已被邀请',
    });
    expect(await post(sid, `${api}/pet/memberInvite.json`, { petId, user: members[0]!.username })).toMatchObject({
      flag: 0,
      errorCode: 'pet.memberExists',
      msg: `${members[0]!.username} 已是家庭成员或已被邀请`,
    });
    expect(await post(sid, `${api}/pet/memberInvite.json`, { petId, user: owner.username })).toMatchObject({
      flag: 0,
      msg: '不能邀请自己',
    });
    expect(await post(sid, `${api}/pet/memberInvite.json`, { petId, user: '没有这个人' })).toMatchObject({
      flag: 0,
      msg: '没有找到该用户名或手机号的用户',
    });
    for (const m of members.slice(2, 5))
      expect((await post(sid, `${api}/pet/memberInvite.json`, { petId, user: m.username })).flag).toBe(1);
    expect(await post(sid, `${api}/pet/memberInvite.json`, { petId, user: members[5]!.username })).toMatchObject({
      flag: 0,
      errorCode: 'pet.memberLimit',
      msg: '最多五位家庭成员（含待接受的邀请）',
    });
    expect((await get(sid, `${api}/pet/members.json?petId=${petId}`)).obj).toHaveLength(5);
  });

  it("refuses another tenant's pet and member ids, and a member answering someone else's invitation", async () => {
    const all = (await get(owner.sessionId, `${api}/pet/members.json?petId=${petId}`)).obj as { memberId: number; userId: number }[];
    const pendingOfC = all.find((m) => m.userId === members[1]!.userId)!;
    const notFound = { flag: 0, errorCode: 'pet.memberNotVisible', msg: '家庭成员或邀请不存在' };
    expect(await get(stranger.sessionId, `${api}/pet/members.json?petId=${petId}`)).toMatchObject(missing);
    expect(await post(stranger.sessionId, `${api}/pet/memberInvite.json`, { petId, user: stranger.username })).toMatchObject(missing);
    expect(await post(stranger.sessionId, `${api}/pet/memberRemove.json`, { memberId: pendingOfC.memberId })).toMatchObject(notFound);
    expect(
      await post(stranger.sessionId, `${api}/pet/invitationAnswer.json`, { memberId: pendingOfC.memberId, accept: true }),
    ).toMatchObject(notFound);
    expect(await post(members[0]!.sessionId, `${api}/pet/memberRemove.json`, { memberId: pendingOfC.memberId })).toMatchObject(notFound);
    // Declining drops the invitation; the owner still sees four.
    expect(
      (await post(members[1]!.sessionId, `${api}/pet/invitationAnswer.json`, { memberId: pendingOfC.memberId, accept: false })).obj
        .accepted,
    ).toBe(false);
    expect((await get(owner.sessionId, `${api}/pet/members.json?petId=${petId}`)).obj).toHaveLength(4);
  });

  it('removal revokes the view at once', async () => {
    const b = members[0]!;
    const all = (await get(owner.sessionId, `${api}/pet/members.json?petId=${petId}`)).obj as { memberId: number; userId: number }[];
    const mine = all.find((m) => m.userId === b.userId)!;
    expect((await post(owner.sessionId, `${api}/pet/memberRemove.json`, { memberId: mine.memberId })).flag).toBe(1);
    expect((await get(b.sessionId, `${api}/pet/list.json`)).obj).toEqual([]);
    expect(await get(b.sessionId, `${api}/pet/detail.json?petId=${petId}`)).toMatchObject(missing);
    expect(await post(b.sessionId, `${api}/pet/find.json`, { petId })).toMatchObject(missing);
    await t.ctx.audit.flush(); // the operation log is written in batches
    const audit = await t.ctx.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM audit_log WHERE object_type = '宠物家庭成员'`);
    expect(Number(audit[0]!.n)).toBeGreaterThan(0);
  });
});
