import type { FastifyInstance } from 'fastify';
import { petEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { route } from '../../http/route.ts';
import { announceChanges } from '../terminals/assets.ts';
import { petsQueries } from './pets.queries.ts';
import { presentPet } from './pets.presenter.ts';
import { listPets, readablePet, savePet, visiblePet } from './pets.service.ts';
import { answerInvitation, inviteMember, myInvitations, petMembers, removeMember } from './petMembers.ts';
import { ringCollar, setReportInterval, switchLostMode } from './lostMode.ts';
import { petActivity, petBattery } from './activity.service.ts';
import { petHistory } from './history.service.ts';
import { petAlarms } from './petAlarms.ts';
import { PET_ZONES_CHANGED, petZones, removeZone, saveZone } from './petZones.service.ts';

/** 宠物卫士: pets and their collars, live state, lost mode and find, activity and battery. */
export const petRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const { db, bus } = ctx;

  route(app, petEndpoints.list, async (_query, request) => (await listPets(db, caller(request))).map((r) => presentPet(r)));

  route(app, petEndpoints.detail, async (query, request) => presentPet(await readablePet(db, caller(request), query.petId)));

  route(app, petEndpoints.save, async (body, request) => {
    const user = caller(request);
    const collarBefore = body.petId === undefined ? null : (await visiblePet(db, user, body.petId)).identifier;
    const petId = await savePet(db, user, body);
    const pet = presentPet(await visiblePet(db, user, petId));
    auditChange(request, { objectType: '宠物', objectId: petId, after: { name: pet.name, terminalId: pet.terminalId } });
    bus.publish(PET_ZONES_CHANGED, {}); // the collar may have changed
    // a collar put on or taken off changes its terminal's kind: the live feeds read it again
    if (collarBefore !== pet.terminalId) announceChanges(bus, [collarBefore, pet.terminalId]);
    return pet;
  });

  route(app, petEndpoints.remove, async (body, request) => {
    const pet = await visiblePet(db, caller(request), body.petId);
    await petsQueries.remove(db, Number(pet.id));
    auditChange(request, { objectType: '宠物', objectId: body.petId, before: { name: pet.name } });
    bus.publish(PET_ZONES_CHANGED, {});
    announceChanges(bus, [pet.identifier]);
    return { petId: body.petId };
  });

  route(app, petEndpoints.zones, async (query, request) => petZones(db, caller(request), query.petId));

  route(app, petEndpoints.zoneSave, async (body, request) => {
    const zone = await saveZone(db, caller(request), body);
    auditChange(request, {
      objectType: '宠物安全区域',
      objectId: zone.zoneId,
      after: { petId: zone.petId, name: zone.name, kind: zone.kind, alarmExit: zone.alarmExit, alarmEnter: zone.alarmEnter },
    });
    bus.publish(PET_ZONES_CHANGED, {});
    return zone;
  });

  route(app, petEndpoints.zoneRemove, async (body, request) => {
    const zone = await removeZone(db, caller(request), body.zoneId);
    auditChange(request, { objectType: '宠物安全区域', objectId: body.zoneId, before: { petId: Number(zone.pet_id), name: zone.name } });
    bus.publish(PET_ZONES_CHANGED, {});
    return { zoneId: body.zoneId };
  });

  route(app, petEndpoints.photo, async (query, request) => {
    const pet = await readablePet(db, caller(request), query.petId);
    return { dataUrl: await petsQueries.photo(db, Number(pet.id)) };
  });

  route(app, petEndpoints.activity, async (query, request) =>
    petActivity(db, await readablePet(db, caller(request), query.petId), query.endDate, query.days),
  );

  route(app, petEndpoints.battery, async (query, request) =>
    petBattery(db, await readablePet(db, caller(request), query.petId), query.hours),
  );

  route(app, petEndpoints.history, async (query, request) =>
    petHistory(db, await readablePet(db, caller(request), query.petId), query.date),
  );

  route(app, petEndpoints.alarms, async (query, request) => {
    const user = caller(request);
    return petAlarms(db, user, await readablePet(db, user, query.petId));
  });

  route(app, petEndpoints.lostMode, async (body, request) => {
    const user = caller(request);
    const pet = await visiblePet(db, user, body.petId);
    const answer = await switchLostMode(db, bus, user, pet, body.on, body.minutes);
    auditChange(request, { objectType: '宠物', objectId: body.petId, after: { lostMode: body.on, lostUntil: answer.lostUntil } });
    return answer;
  });

  route(app, petEndpoints.powerSave, async (body, request) => {
    const user = caller(request);
    const pet = await visiblePet(db, user, body.petId);
    const answer = await setReportInterval(db, bus, user, pet, body.seconds);
    auditChange(request, {
      objectType: '宠物',
      objectId: body.petId,
      before: { reportSeconds: pet.report_seconds },
      after: { reportSeconds: body.seconds },
    });
    return answer;
  });

  route(app, petEndpoints.find, async (body, request) => {
    const user = caller(request);
    const pet = await visiblePet(db, user, body.petId);
    const answer = await ringCollar(db, bus, user, pet);
    auditChange(request, { objectType: '宠物', objectId: body.petId, after: { find: true } });
    return answer;
  });

  route(app, petEndpoints.members, async (query, request) =>
    petMembers(db, Number((await readablePet(db, caller(request), query.petId)).id)),
  );

  route(app, petEndpoints.memberInvite, async (body, request) => {
    const member = await inviteMember(db, caller(request), body.petId, body.user);
    auditChange(request, {
      objectType: '宠物家庭成员',
      objectId: member.memberId,
      after: { petId: member.petId, username: member.username, status: member.status },
    });
    return member;
  });

  route(app, petEndpoints.memberRemove, async (body, request) => {
    const member = await removeMember(db, caller(request), body.memberId);
    auditChange(request, {
      objectType: '宠物家庭成员',
      objectId: body.memberId,
      before: { petId: member.petId, username: member.username, status: member.status },
    });
    return { memberId: body.memberId };
  });

  route(app, petEndpoints.invitations, async (_query, request) => myInvitations(db, caller(request)));

  route(app, petEndpoints.invitationAnswer, async (body, request) => {
    const answer = await answerInvitation(db, caller(request), body.memberId, body.accept);
    auditChange(request, {
      objectType: '宠物家庭成员',
      objectId: body.memberId,
      after: { petId: answer.petId, accepted: answer.accepted },
    });
    return { memberId: answer.memberId, accepted: answer.accepted };
  });
};
