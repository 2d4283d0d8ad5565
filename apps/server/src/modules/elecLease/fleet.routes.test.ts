import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../testing/testServer.ts';
import { createTenant, type Tenant } from '../../testing/fixtures.ts';
import { bikeFields, IMEIS, leaseOperatorCalls, twoOperators, WEEKLY_PLAN, ZHANG_SAN } from '../../testing/leaseOperator.ts';

/*
 * 电单车租赁's set-up through the HTTP API (operator.routes.ts, fleet.routes.ts): stores and staff, riders
 * checked by their ID number, bikes and plans; a rider's deletion and blacklisting; the button permission.
 * Contracts, money and tenancy: contracts.routes.test.ts.
 */
let t: TestServer;
let a: Tenant;
let b: Tenant;
const vehicles: number[] = [];
let riderId = 0;
let planId = 0;
const { post, get, expectBalanced } = leaseOperatorCalls(() => t);

beforeAll(async () => {
  t = await createTestServer();
  ({ a, b } = await twoOperators(t));
});
afterAll(async () => {
  await t?.close();
});

describe('operator, riders, bikes and plans', () => {
  it("keeps stores and puts the account tree's users in them", async () => {
    const store = await post(a.sessionId, '/store/save.json', {
      name: '徐汇门店',
      address: '上海市徐汇区漕溪北路1号',
      phone: '02164000000',
    });
    expect(store).toMatchObject({ flag: 1, obj: { name: '徐汇门店', staffCount: 0 } });
    expect(await post(a.sessionId, '/store/save.json', { name: '徐汇门店' })).toMatchObject({
      flag: 0,
      errorCode: 'elecLease.storeNameTaken',
      msg: '门店名称“徐汇门店”已存在',
    });
    const staff = await post(a.sessionId, '/staff/assign.json', { userId: a.userId, storeId: store.obj.storeId, position: 'manager' });
    expect(staff.obj).toMatchObject({ username: a.username, storeName: '徐汇门店', positionName: '店长' });
    // a position outside LEASE_STAFF_POSITIONS, an inherited name of the record too, is refused by name
    for (const position of ['cashier', 'toString'])
      expect(await post(a.sessionId, '/staff/assign.json', { userId: a.userId, storeId: store.obj.storeId, position })).toMatchObject({
        errorCode: 'elecLease.positionUnknown',
        msg: `不支持的岗位：${position}`,
      });
    expect(await post(b.sessionId, '/staff/assign.json', { userId: a.userId, storeId: store.obj.storeId })).toMatchObject({
      errorCode: 'elecLease.notFound',
    });
  });

  it('checks the ID number by its GB 11643 check digit, the name and phone numbers', async () => {
    const base = ZHANG_SAN;
    expect(await post(a.sessionId, '/rider/save.json', { ...base, idNumber: '110105194912310021' })).toMatchObject({
      flag: 0,
      errorCode: 'elecLease.idNumberInvalid',
      msg: '身份证号有误：身份证号校验位不正确',
    });
    expect(await post(a.sessionId, '/rider/save.json', { ...base, idNumber: '11010519491331002X' })).toMatchObject({
      msg: '身份证号有误：身份证号中的出生日期无效',
    });
    expect(await post(a.sessionId, '/rider/save.json', { ...base, name: 'Zhang' })).toMatchObject({ errorCode: 'elecLease.nameInvalid' });
    expect(await post(a.sessionId, '/rider/save.json', { ...base, emergencyPhone: '12345' })).toMatchObject({
      msg: '紧急联系人电话应为11位手机号',
    });
    const rider = await post(a.sessionId, '/rider/save.json', { ...base, idNumber: '11010519491231002x' });
    expect(rider.obj).toMatchObject({
      name: '张三',
      idNumber: '110105********002X',
      verifyStatus: 'formatChecked',
      verifyStatusName: '已校验格式',
      openContracts: 0,
    });
    riderId = rider.obj.riderId;
    expect(await post(a.sessionId, '/rider/save.json', { ...base, name: '王五' })).toMatchObject({ errorCode: 'elecLease.riderExists' });
    // Editing keeps the number on file when none is typed (the list only shows it masked).
    const { idNumber: _kept, ...edit } = base;
    expect((await post(a.sessionId, '/rider/save.json', { ...edit, riderId, phone: '13800138001' })).obj).toMatchObject({
      idNumber: '110105********002X',
      phone: '13800138001',
    });
    expect(await post(a.sessionId, '/rider/save.json', { ...edit })).toMatchObject({ msg: '身份证号有误：身份证号应为18位' });
  });

  it('adds rental bikes on terminals of the subtree, each an 电单车卫士 bike with a code', async () => {
    for (const [i, imei] of IMEIS.entries()) {
      const res = await post(a.sessionId, '/vehicle/add.json', bikeFields(i));
      expect(res.obj).toMatchObject({
        code: `ZL-00${i + 1}`,
        terminalId: imei,
        state: 'available',
        stateName: '可租',
        contractId: null,
        status: { online: false },
      });
      vehicles.push(res.obj.vehicleId);
    }
    expect(await post(a.sessionId, '/vehicle/add.json', { imei: '868120145249999', code: 'ZL-001' })).toMatchObject({
      errorCode: 'elecLease.codeTaken',
    });
    expect(await post(b.sessionId, '/vehicle/add.json', { imei: IMEIS[0]!, code: 'B-1' })).toMatchObject({
      flag: 0,
      msg: '设备不存在或无权访问',
    });
    expect((await get(a.sessionId, '/vehicle/list.json?keyword=ZL-00')).obj.total).toBe(3);
    expect((await get(a.sessionId, '/vehicle/list.json?state=available')).obj.total).toBe(3);
    expect((await get(a.sessionId, '/vehicle/list.json?state=rented')).obj.total).toBe(0);
    // a state outside LEASE_VEHICLE_STATES, an inherited name (toString) too, is refused by name, not answered with an empty page
    for (const state of ['scrapped', 'toString'])
      expect(await get(a.sessionId, `/vehicle/list.json?state=${state}`)).toMatchObject({
        flag: 0,
        errorCode: 'elecLease.stateUnknown',
        msg: `不支持的车辆状态：${state}`,
      });
    // 修改车辆 sets only LEASE_SETTABLE_VEHICLE_STATES: rented and sold follow contracts
    expect((await post(a.sessionId, '/vehicle/update.json', { vehicleId: vehicles[2]!, state: 'repair' })).obj).toMatchObject({
      state: 'repair',
      stateName: '维修中',
    });
    for (const state of ['rented', 'sold', 'toString'])
      expect(await post(a.sessionId, '/vehicle/update.json', { vehicleId: vehicles[2]!, state })).toMatchObject({
        flag: 0,
        errorCode: 'elecLease.stateUnknown',
        msg: `不支持的车辆状态：${state}`,
      });
    expect((await post(a.sessionId, '/vehicle/update.json', { vehicleId: vehicles[2]!, state: 'available' })).obj.state).toBe('available');
    // An 电单车卫士 bike like any other: the guard app lists it.
    expect((await t.call(a.sessionId, { url: `/elec-car/v1/api/bike/detail.json?bikeId=${vehicles[0]}` })).json().obj).toMatchObject({
      frameNo: '',
      model: 'TDT-1',
    });
  });

  it('makes plans in fen and refuses a rent-to-own plan without its periods', async () => {
    expect(
      await post(a.sessionId, '/plan/save.json', {
        name: '以租代购12期',
        kind: 'rentToOwn',
        rentFen: 30000,
        depositFen: 0,
        insuranceFen: 0,
      }),
    ).toMatchObject({ errorCode: 'elecLease.planPeriodsMissing' });
    // a kind outside LEASE_PLAN_KINDS, an inherited name (toString) too, is refused in Chinese
    for (const kind of ['hourly', 'toString'])
      expect(
        await post(a.sessionId, '/plan/save.json', { name: '时租', kind, rentFen: 100, depositFen: 0, insuranceFen: 0 }),
      ).toMatchObject({
        flag: 0,
        errorCode: 'elecLease.planKindUnknown',
        msg: `不支持的方案类型：${kind}`,
      });
    expect(
      await post(a.sessionId, '/plan/save.json', { name: '周租', kind: 'weekly', rentFen: 9.5, depositFen: 0, insuranceFen: 0 }),
    ).toMatchObject({ flag: 0 });
    const plan = await post(a.sessionId, '/plan/save.json', WEEKLY_PLAN);
    expect(plan.obj).toMatchObject({ kindName: '周租', periodDays: 7, rentFen: 8800, depositFen: 50000 });
    planId = plan.obj.planId;
  });
});

describe('refusals and tenancy', () => {
  it('refuses to delete a rider with an open contract, and a blacklisted rider a new one', async () => {
    const open = await post(a.sessionId, '/contract/create.json', { riderId, vehicleId: vehicles[2]!, planId });
    const no = open.obj.contract.contractNo;
    expect(await post(a.sessionId, '/rider/delete.json', { riderId })).toMatchObject({
      flag: 0,
      errorCode: 'elecLease.riderHasOpenContract',
      msg: `骑手 张三 还有未结束的租赁订单（${no}），不能删除`,
    });
    const cancelled = await post(a.sessionId, '/contract/terminate.json', { contractId: open.obj.contract.contractId, note: '骑手放弃' });
    expect(cancelled.obj.contract).toMatchObject({ status: 'cancelled', owedFen: 0 });
    expect(cancelled.obj.bills.every((x: { status: string }) => x.status === 'void')).toBe(true);
    expect(await post(a.sessionId, '/rider/delete.json', { riderId })).toMatchObject({ errorCode: 'elecLease.riderHasContracts' });
    await post(a.sessionId, '/rider/blacklist.json', { riderId, blacklisted: true, reason: '恶意拖欠' });
    expect(await post(a.sessionId, '/contract/create.json', { riderId, vehicleId: vehicles[2]!, planId })).toMatchObject({
      errorCode: 'elecLease.riderBlacklisted',
      msg: '骑手 张三 在黑名单中，不能租车',
    });
    await expectBalanced(a);
  });

  it('needs the button permission to write', async () => {
    const reader = await createTenant(t, { codes: ['lease', 'lease:order', 'lease:rider'], parentAccountId: a.accountId });
    expect(await get(reader.sessionId, '/rider/list.json')).toMatchObject({ flag: 1, obj: { total: 0 } });
    expect(
      await post(reader.sessionId, '/rider/save.json', { name: '赵六', idNumber: '310104198805151237', phone: '13700137000' }),
    ).toMatchObject({ flag: 0, errorCode: 'common.forbidden' });
  });
});
