import type { FastifyInstance } from 'fastify';
import {
  ELEC_LEASE_ERRORS,
  LEASE_STAFF_POSITIONS,
  elecLeaseEndpoints,
  isKeyOf,
  type LeaseStaff,
  type LeaseStore,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { operatorQueries, type StaffRow, type StoreRow } from './operator.queries.ts';
import { clean, found, ms } from './rowHelpers.ts';

const presentStore = (s: StoreRow): LeaseStore => ({
  storeId: Number(s.id),
  name: s.name,
  address: s.address,
  phone: s.phone,
  staffCount: s.staff_count,
  vehicleCount: s.vehicle_count,
  created: ms(s.created_at)!,
});
const presentStaff = (u: StaffRow): LeaseStaff => ({
  userId: Number(u.id),
  username: u.username,
  name: u.name,
  phone: u.phone,
  roleName: u.role_name,
  accountName: u.account_name,
  storeId: u.store_id === null ? null : Number(u.store_id),
  storeName: u.store_name ?? '',
  position: isKeyOf(LEASE_STAFF_POSITIONS, u.position) ? u.position : '',
  positionName: isKeyOf(LEASE_STAFF_POSITIONS, u.position) ? LEASE_STAFF_POSITIONS[u.position] : '',
});

/** 门店人员: the operator's stores, and which user of the account tree works in which store as what (their role stays the platform's). */
export function operatorRoutes(ctx: AppContext, app: FastifyInstance) {
  const { db } = ctx;

  route(app, elecLeaseEndpoints.stores, async (_q, request) =>
    (await operatorQueries.stores(db, caller(request).accountPath)).map(presentStore),
  );

  route(app, elecLeaseEndpoints.saveStore, async (body, request) => {
    const user = caller(request);
    const fields = { name: clean(body.name), address: clean(body.address), phone: clean(body.phone) };
    if (!fields.name) throw new AppError(ELEC_LEASE_ERRORS.storeNameMissing);
    let id: number | undefined;
    if (body.storeId !== undefined) {
      const store = found(await operatorQueries.store(db, user.accountPath, body.storeId));
      id = (await operatorQueries.updateStore(db, store.id, fields)) ? Number(store.id) : undefined;
    } else {
      id = await operatorQueries.insertStore(db, user.accountId, fields);
    }
    if (id === undefined) throw new AppError(ELEC_LEASE_ERRORS.storeNameTaken, { params: { name: fields.name } });
    auditChange(request, { objectType: '租赁门店', objectId: id, after: fields });
    return presentStore((await operatorQueries.store(db, user.accountPath, Number(id)))!);
  });

  route(app, elecLeaseEndpoints.deleteStore, async (body, request) => {
    const store = found(await operatorQueries.store(db, caller(request).accountPath, body.storeId));
    if (store.staff_count > 0 || store.vehicle_count > 0) throw new AppError(ELEC_LEASE_ERRORS.storeInUse);
    await operatorQueries.deleteStore(db, store.id);
    auditChange(request, { objectType: '租赁门店', objectId: store.id, before: { name: store.name } });
    return { storeId: Number(store.id) };
  });

  route(app, elecLeaseEndpoints.staff, async (_q, request) =>
    (await operatorQueries.staff(db, caller(request).accountPath)).map(presentStaff),
  );

  route(app, elecLeaseEndpoints.assignStaff, async (body, request) => {
    const user = caller(request);
    const [staff] = await operatorQueries.staff(db, user.accountPath, body.userId);
    found(staff);
    if (body.storeId === undefined) {
      await operatorQueries.unassign(db, body.userId);
    } else {
      const position = oneOfOrRefuse(LEASE_STAFF_POSITIONS, clean(body.position) || 'clerk', ELEC_LEASE_ERRORS.positionUnknown, 'position');
      const store = found(await operatorQueries.store(db, user.accountPath, body.storeId));
      await operatorQueries.assign(db, body.userId, store.id, position);
    }
    auditChange(request, {
      objectType: '门店人员',
      objectId: body.userId,
      after: { storeId: body.storeId ?? null, position: body.position ?? '' },
    });
    return presentStaff((await operatorQueries.staff(db, user.accountPath, body.userId))[0]!);
  });
}
