import type { FastifyInstance } from 'fastify';
import { ELEC_LEASE_ERRORS, LEASE_VEHICLE_STATES, LEASE_VERIFY_STATUSES, elecLeaseEndpoints, type LeaseRider } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { oneOfOrRefuse } from '../../http/errors.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { containsPattern } from '../../db/likeText.ts';
import { ridersQueries, type RiderRow } from './riders.queries.ts';
import { deleteRider, saveRider, visibleRider } from './riders.service.ts';
import { leaseVehiclesQueries } from './vehicles.queries.ts';
import { addLeaseVehicle, deleteLeaseVehicle, presentLeaseVehicles, updateLeaseVehicle, visibleLeaseVehicle } from './vehicles.service.ts';
import { plansQueries } from './plans.queries.ts';
import { presentPlan, savePlan } from './plans.ts';
import { LEASE_CHANGED } from './contracts.service.ts';
import { clean, ms } from './rowHelpers.ts';

/** The ID number shown with its middle masked (the list is seen by every clerk). */
export const maskId = (id: string) => (id.length === 18 ? `${id.slice(0, 6)}********${id.slice(14)}` : id);

const presentRider = (r: RiderRow): LeaseRider => ({
  riderId: Number(r.id),
  name: r.name,
  idNumber: maskId(r.id_number),
  phone: r.phone,
  emergencyName: r.emergency_name,
  emergencyPhone: r.emergency_phone,
  verifyStatus: r.verify_status,
  verifyStatusName: LEASE_VERIFY_STATUSES[r.verify_status],
  verifyNote: r.verify_note,
  blacklisted: r.blacklisted,
  blacklistReason: r.blacklist_reason,
  openContracts: r.open_contracts,
  created: ms(r.created_at)!,
});

/** 骑手管理, 租赁车辆, 租赁方案. */
export function fleetRoutes(ctx: AppContext, app: FastifyInstance) {
  const { db, bus } = ctx;

  route(app, elecLeaseEndpoints.riders, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await ridersQueries.page(
      db,
      caller(request).accountPath,
      containsPattern(query.keyword),
      query.blacklisted ?? null,
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(win, total, rows.map(presentRider));
  });

  route(app, elecLeaseEndpoints.saveRider, async (body, request) => {
    const user = caller(request);
    const id = await saveRider(db, user, body);
    auditChange(request, { objectType: '骑手', objectId: id, after: { name: clean(body.name), phone: clean(body.phone) } });
    return presentRider(await visibleRider(db, user, id));
  });

  route(app, elecLeaseEndpoints.blacklist, async (body, request) => {
    const user = caller(request);
    const rider = await visibleRider(db, user, body.riderId);
    await ridersQueries.blacklist(db, rider.id, body.blacklisted, clean(body.reason));
    auditChange(request, {
      objectType: '骑手',
      objectId: rider.id,
      before: { blacklisted: rider.blacklisted },
      after: { blacklisted: body.blacklisted, reason: clean(body.reason) },
    });
    return presentRider(await visibleRider(db, user, rider.id));
  });

  route(app, elecLeaseEndpoints.deleteRider, async (body, request) => {
    await deleteRider(db, caller(request), body.riderId);
    auditChange(request, { objectType: '骑手', objectId: body.riderId });
    return { riderId: body.riderId };
  });

  route(app, elecLeaseEndpoints.vehicles, async (query, request) => {
    const win = pageWindow(query);
    const sent = clean(query.state);
    const state = sent ? oneOfOrRefuse(LEASE_VEHICLE_STATES, sent, ELEC_LEASE_ERRORS.stateUnknown, 'state') : null;
    const { total, rows } = await leaseVehiclesQueries.page(
      db,
      caller(request).accountPath,
      containsPattern(query.keyword),
      state,
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(win, total, await presentLeaseVehicles(db, rows));
  });

  const vehicle = async (user: ReturnType<typeof caller>, id: number) =>
    (await presentLeaseVehicles(db, [await visibleLeaseVehicle(db, user, id)]))[0]!;

  route(app, elecLeaseEndpoints.addVehicle, async (body, request) => {
    const user = caller(request);
    const id = await addLeaseVehicle(db, bus, user, body);
    bus.publish(LEASE_CHANGED, {});
    const v = await vehicle(user, id);
    auditChange(request, { objectType: '租赁车辆', objectId: id, after: { code: v.code, terminalId: v.terminalId, plate: v.plate } });
    return v;
  });

  route(app, elecLeaseEndpoints.updateVehicle, async (body, request) => {
    const user = caller(request);
    await updateLeaseVehicle(db, bus, user, body);
    auditChange(request, { objectType: '租赁车辆', objectId: body.vehicleId, after: { code: body.code, state: body.state } });
    return vehicle(user, body.vehicleId);
  });

  route(app, elecLeaseEndpoints.deleteVehicle, async (body, request) => {
    await deleteLeaseVehicle(db, bus, caller(request), body.vehicleId);
    bus.publish(LEASE_CHANGED, {});
    auditChange(request, { objectType: '租赁车辆', objectId: body.vehicleId });
    return { vehicleId: body.vehicleId };
  });

  route(app, elecLeaseEndpoints.plans, async (_q, request) => (await plansQueries.list(db, caller(request).accountPath)).map(presentPlan));

  route(app, elecLeaseEndpoints.savePlan, async (body, request) => {
    const user = caller(request);
    const id = await savePlan(db, user, body);
    auditChange(request, { objectType: '租赁方案', objectId: id, after: { ...body } });
    return presentPlan((await plansQueries.visible(db, user.accountPath, id))!);
  });
}
