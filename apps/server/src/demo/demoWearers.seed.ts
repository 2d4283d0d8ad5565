/**
 * Seeds the demo's 智能工牌 crew and 宠物卫士 pets through the services the pages use, as the demo
 * operator: the badges and collars as terminals, the staff with their badges bound, a team with
 * a day shift and a responsibility area, the pets with their collars and a safe zone round home.
 * Safe to run on every start: a part that exists (the team, a staff number, a pet's name) is kept.
 */
import type { AppContext } from '../context.ts';
import type { SessionUser } from '../core/sessionUser.ts';
import { addTerminal } from '../modules/terminals/terminals.service.ts';
import { terminalsQueries } from '../modules/terminals/terminals.queries.ts';
import { terminalScope } from '../core/terminalScope.ts';
import { identifierKey } from '../core/identifiers.ts';
import { scopeParam } from '../core/accountScope.ts';
import { bindBadge, saveStaff, CARD_CHANGED } from '../modules/card/staff.service.ts';
import { staffQueries } from '../modules/card/staff.queries.ts';
import { setupQueries } from '../modules/card/setup.queries.ts';
import { createFence, GEOFENCE_CHANGED } from '../modules/geofences/geofences.service.ts';
import { savePet, listPets } from '../modules/pet/pets.service.ts';
import { PET_ZONES_CHANGED, saveZone } from '../modules/pet/petZones.service.ts';
import { DEMO_AREA_NAME, DEMO_SHIFT_NAME, DEMO_TEAM_NAME, demoAreaRing, type DemoBadge, type DemoPet } from './demoWearers.ts';

/** The badges' and collars' terminals, in the demo account (those another account holds are left out). */
async function ensureTerminals(ctx: AppContext, operator: SessionUser, specs: Array<{ id: string; model: string }>): Promise<Set<string>> {
  const have = new Set((await terminalsQueries.visibleByKeys(ctx.db, terminalScope(operator), specs.map((s) => identifierKey(s.id)))).map((t) => t.identifier_key));
  for (const s of specs) {
    if (have.has(identifierKey(s.id))) continue;
    try {
      await addTerminal(ctx.db, ctx.bus, operator, { identifier: s.id, protocol: 'watch', model: s.model }, undefined);
      have.add(identifierKey(s.id));
    } catch (err) {
      ctx.log.warn({ terminal: s.id, msg: (err as Error).message }, '演示终端未创建');
    }
  }
  return have;
}

/** The crew: team 环卫一班 on 环卫白班 (08:00–12:00, 14:00–18:00 every day), its area, eight staff with badges. */
export async function seedDemoCrew(ctx: AppContext, operator: SessionUser, badges: readonly DemoBadge[]): Promise<number> {
  const { db, bus } = ctx;
  const accountId = operator.accountId;
  const scope = scopeParam(operator);
  const shift = (await setupQueries.shifts(db, scope)).find((s) => s.name === DEMO_SHIFT_NAME && Number(s.account_id) === accountId);
  const shiftId = shift
    ? Number(shift.id)
    : await setupQueries.saveShift(db, {
        account_id: accountId, name: DEMO_SHIFT_NAME, weekdays: [1, 2, 3, 4, 5, 6, 7], holidays: [], workdays: [],
        periods: [{ start: '08:00', end: '12:00' }, { start: '14:00', end: '18:00' }], late_minutes: 10, early_minutes: 10, clock_points: [],
      });
  const teamOf = async () => (await staffQueries.teams(db, scope)).find((t) => t.name === DEMO_TEAM_NAME && Number(t.account_id) === accountId);
  let team = await teamOf();
  if (!team) {
    await setupQueries.saveTeam(db, { accountId, name: DEMO_TEAM_NAME, parentId: null, shiftId });
    team = await teamOf();
    const fenceId = await createFence(db, operator, { name: DEMO_AREA_NAME, kind: 'polygon', rings: [demoAreaRing()], alarmEnter: false, alarmExit: false, remark: '演示：环卫一班的责任区域' });
    await setupQueries.insertArea(db, accountId, fenceId, null, Number(team!.id));
    bus.publish(GEOFENCE_CHANGED, {});
  }
  const teamId = Number(team!.id);
  const terminals = await ensureTerminals(ctx, operator, badges.map((b) => ({ id: b.spec.id, model: 'S8-4G 工牌' })));
  const existing = new Set((await staffQueries.byNumbers(db, accountId, badges.map((b) => b.staffNo))).map((r) => r.staff_no));
  let created = 0;
  for (const b of badges) {
    if (existing.has(b.staffNo) || !terminals.has(identifierKey(b.spec.id))) continue;
    try {
      const staffId = await saveStaff(db, bus, operator, { name: b.name, staffNo: b.staffNo, job: b.job, phone: b.phone, teamId, remark: '演示人员' });
      await bindBadge(db, bus, operator, staffId, b.spec.id);
      created++;
    } catch (err) {
      ctx.log.warn({ staffNo: b.staffNo, msg: (err as Error).message }, '演示人员未创建');
    }
  }
  bus.publish(CARD_CHANGED, {});
  return created;
}

/** The pets with their collars (reporting every 5 minutes, the default) and a 家 zone round home. */
export async function seedDemoPets(ctx: AppContext, operator: SessionUser, pets: readonly DemoPet[]): Promise<number> {
  const { db, bus } = ctx;
  const terminals = await ensureTerminals(ctx, operator, pets.map((p) => ({ id: p.spec.id, model: 'PT-4G 宠物项圈' })));
  const named = new Set((await listPets(db, operator)).map((p) => p.name));
  let created = 0;
  for (const p of pets) {
    if (named.has(p.name) || !terminals.has(identifierKey(p.spec.id))) continue;
    try {
      const petId = await savePet(db, operator, { name: p.name, species: p.species, breed: p.breed, sex: p.sex, weightKg: p.weightKg, imei: p.spec.id });
      await saveZone(db, operator, { petId, name: '家', kind: 'circle', lon: p.home.lon, lat: p.home.lat, radiusMeters: p.zoneRadiusMeters, alarmExit: true, alarmEnter: true });
      created++;
    } catch (err) {
      ctx.log.warn({ pet: p.name, msg: (err as Error).message }, '演示宠物未创建');
    }
  }
  bus.publish(PET_ZONES_CHANGED, {});
  return created;
}
