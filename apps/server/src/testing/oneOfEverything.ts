import { ingestQueries } from '../gateway/ingest.queries.ts';
import { encryptForLogin } from '../modules/auth/rsa.ts';
import { form, type TestServer } from './testServer.ts';
import { multipart } from './multipart.ts';
import type { Tenant } from './fixtures.ts';

/**
 * One object of every kind a tenant can own, made through the modules' own endpoints (alarms and
 * their deliveries, which only devices raise, straight into their tables), each named or remarked
 * with `marker`. Meant for tests that look at what one tenant can see or touch of another's.
 */
export interface Everything {
  marker: string;
  /** Ids by kind (see `seedOneOfEverything` for the names). */
  ids: Record<string, number>;
  /** Device numbers by use: `car` (in a vehicle), `free` (assigned, in nothing), `badge`, `bike`, `gb`, `pet`, `lease`. */
  imeis: Record<string, string>;
  /** Text that names the tenant's objects and is not an id: plates, usernames, phones, the branding host, a declaration token. */
  identifiers: string[];
  /** Codes the tenant gave its objects, by field: `leaseCode`, `staffNo`, `ecFrame`, `leaseFrame`, `gbFrame`; `login`: the tenant's own username. */
  codes: Record<string, string>;
  /** The branding host, the declaration token. */
  host: string;
  declareToken: string;
}

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);

/**
 * `n` (1–9) keeps device numbers, plates and phones of several tenants apart. `marker`: Chinese
 * only (rider and staff names accept nothing else), 2–4 characters.
 */
export async function seedOneOfEverything(t: TestServer, tenant: Tenant, n: number, marker: string): Promise<Everything> {
  const sid = tenant.sessionId;
  const step = async (what: string, res: Promise<{ json(): { flag: number; msg: string; obj: unknown } }>) => {
    const body = (await res).json();
    if (body.flag !== 1) throw new Error(`seed ${what}: ${body.msg}`);
    return body.obj as Record<string, unknown>;
  };
  const post = (url: string, fields: Record<string, string | number | boolean>) =>
    step(url, t.call(sid, { method: 'POST', url, ...form(fields) }));
  const postJson = (url: string, payload: object) => step(url, t.call(sid, { method: 'POST', url, payload }));
  const get = (url: string) => step(url, t.call(sid, { url }));
  /** Saves that answer the whole list: the row carrying the marker. */
  const idOf = (obj: unknown, key: string) => {
    const row = Array.isArray(obj)
      ? obj.find((r) => Object.values(r as object).some((v) => typeof v === 'string' && v.includes(marker)))
      : obj;
    const id = Number((row as Record<string, unknown> | undefined)?.[key]);
    if (!Number.isInteger(id) || id <= 0) throw new Error(`seed: no ${key} in ${JSON.stringify(obj).slice(0, 200)}`);
    return id;
  };

  const imeis = Object.fromEntries(
    ['car', 'free', 'badge', 'bike', 'gb', 'pet', 'lease'].map((k, i) => [k, `86812014${n}${String(i + 1).padStart(6, '0')}`]),
  );
  const plate = `沪${'ABCDEFGHJ'[n - 1]}9${n}${n}${n}${n}`;
  const phone = `1390000${n}${n}${n}${n}`;
  const ids: Record<string, number> = {};
  for (const imei of Object.values(imeis).filter((x) => x !== imeis.car))
    await post('/car/v4/api/terminal/add.json', { terminalId: imei, protocol: 'gt06', remark: marker });

  // 车辆, 分组, 子账户, 角色, 用户
  ids.group = idOf(await post('/car/v4/api/group/add.json', { name: `${marker}分组`, accountId: tenant.accountId }), 'groupId');
  ids.vehicle = idOf(
    await post('/car/v4/api/vehicle/add.json', {
      name: `${marker}车`,
      plate,
      terminalId: imeis.car!,
      protocol: 'gt06',
      accountId: tenant.accountId,
      groupId: ids.group,
      driver: `${marker}司机`,
      driverPhone: phone,
      remark: marker,
    }),
    'vehicleId',
  );
  ids.subAccount = idOf(
    await post('/car/v4/api/account/add.json', { parentId: tenant.accountId, name: `${marker}子账户`, contact: marker, phone }),
    'id',
  );
  ids.role = idOf(
    await postJson('/car/v4/api/role/save.json', {
      accountId: tenant.accountId,
      name: `${marker}角色`,
      description: marker,
      resourceIds: [],
    }),
    'id',
  );
  ids.user = idOf(
    await post('/car/v4/api/user/add.json', {
      accountId: tenant.accountId,
      roleId: ids.role,
      name: `${marker}用户`,
      phone,
      username: `probe${n}user`,
      password: encryptForLogin(t.ctx.publicKey, 'Probe#2026pw'),
    }),
    'id',
  );

  // 电子围栏 bound to the vehicle; a real-time alarm and its delivery; an instruction; an export
  ids.geofence = idOf(
    await postJson('/car/v4/api/geofence/add.json', {
      name: `${marker}围栏`,
      kind: 'circle',
      center: [121.47, 31.23],
      radius: 300,
      remark: marker,
      accountId: tenant.accountId,
    }),
    'geofenceId',
  );
  await post('/car/v4/api/geofence/bindVehicles.json', { geofenceId: ids.geofence, vehicleIds: String(ids.vehicle) });
  const terminalPk = (await t.ctx.db.one<{ id: number }>('SELECT id FROM terminals WHERE identifier = $1', [imeis.car]))!.id;
  [ids.alarm] = await ingestQueries.insertAlarms(t.ctx.db, [
    {
      terminalPk,
      accountId: tenant.accountId,
      vehicleId: ids.vehicle,
      type: 'sos',
      alarmTime: Date.now() - 60_000,
      lat: 31.23,
      lon: 121.47,
      speed: 10,
    },
  ]);
  ids.delivery = (await t.ctx.db.one<{ id: number }>(
    `INSERT INTO alarm_deliveries (alarm_id, account_id, channel, target, status, payload, last_error) VALUES ($1, $2, 'webhook', $3, 'failed', $4, $5) RETURNING id`,
    [
      ids.alarm,
      tenant.accountId,
      `https://probe${n}.example.cn/hook`,
      JSON.stringify({
        account: { accountId: tenant.accountId, accountName: marker },
        alarm: {
          alarmId: ids.alarm,
          terminalId: imeis.car,
          vehicleId: ids.vehicle,
          plate,
          vehicleName: `${marker}车`,
          type: 'sos',
          typeName: '紧急报警',
          alarmTime: Date.now(),
          receivedAt: Date.now(),
          lat: 31.23,
          lon: 121.47,
          speed: 10,
          address: marker,
        },
      }),
      marker,
    ],
  ))!.id;
  await post('/car/v1/api/command/commandDownBatch.json', { terminalIds: imeis.car!, commandType: 'setInterval', seconds: 30 });
  ids.export = idOf(await post('/car/v1/accelerate/export/exportDataReport.json', { reportType: 'userList', name: `${marker}导出` }), 'id');

  // 自定义品牌 for a host of the tenant
  const host = `probe${n}.example.cn`;
  const icon = await postJson('/car/v1/api/custom/uploadIcon.json', { data: `data:image/png;base64,${PNG.toString('base64')}` });
  ids.brandIcon = Number(new URL(String(icon.iconUrl), 'http://x').searchParams.get('id'));
  await postJson('/car/v1/api/custom/save.json', {
    host,
    title: `${marker}平台`,
    iconUrl: String(icon.iconUrl),
    description: marker,
    keyword: marker,
    legacyLogin: false,
    accountId: tenant.accountId,
  });

  // 电单车卫士
  ids.ecBike = idOf(
    await post('/elec-car/v1/api/bike/bind.json', {
      imei: imeis.bike!,
      name: `${marker}电单车`,
      plate: `${plate}E`,
      brand: marker,
      frameNo: `EC${n}FRAME01`,
    }),
    'bikeId',
  );

  // 电动自行车备案 and an owner's declaration through its QR code
  ids.gbBike = idOf(
    await post('/elec-gb/v1/api/bike/add.json', {
      frameNo: `PROBE${n}FRAME01`,
      plate: `苏${'ABCDEFGHJ'[n - 1]}9${n}${n}${n}${n}`,
      brand: marker,
      terminalId: imeis.gb!,
      ownerName: `${marker}`,
      ownerPhone: phone,
      useType: 'personal',
    }),
    'bikeId',
  );
  const qr = await t.call(sid, { url: `/car/v4/api/prevent/declare/generateQRCode.json?bikeId=${ids.gbBike}` });
  if (qr.statusCode !== 200) throw new Error('seed generateQRCode');
  const declareToken = (await t.ctx.db.one<{ token: string }>('SELECT declare_token AS token FROM elec_gb_bikes WHERE id = $1', [
    ids.gbBike,
  ]))!.token;
  ids.declaration = idOf(
    await step(
      'declare',
      t.call(null, {
        method: 'POST',
        url: '/elec-gb/v1/api/declare/submit.json',
        remoteAddress: `10.9.${n}.1`,
        ...form({
          t: declareToken,
          ownerName: marker,
          ownerPhone: phone,
          ownerIdNo: '11010519491231002X',
          plate: `苏${'ABCDEFGHJ'[n - 1]}8${n}${n}${n}${n}`,
          useType: 'personal',
          positioningConsent: true,
        }),
      }),
    ),
    'declarationId',
  );

  // 电单车租赁: store, staff, rider, bike, plan, a contract handed over with a photo and a payment, an area
  ids.store = idOf(await post('/elec-lease/v1/api/store/save.json', { name: `${marker}门店`, address: marker, phone }), 'storeId');
  await post('/elec-lease/v1/api/staff/assign.json', { userId: ids.user, storeId: ids.store, position: 'manager' });
  ids.rider = idOf(
    await post('/elec-lease/v1/api/rider/save.json', {
      name: marker,
      idNumber: '11010519491231002X',
      phone,
      emergencyName: `${marker}亲`,
      emergencyPhone: `1370000${n}${n}${n}${n}`,
    }),
    'riderId',
  );
  ids.leaseVehicle = idOf(
    await post('/elec-lease/v1/api/vehicle/add.json', {
      imei: imeis.lease!,
      code: `PROBE-${n}`,
      plate: `${plate}L`,
      frameNo: `LS${n}FRAME01`,
      model: marker,
      storeId: ids.store,
    }),
    'vehicleId',
  );
  ids.leasePlan = idOf(
    await post('/elec-lease/v1/api/plan/save.json', {
      name: `${marker}周租`,
      kind: 'weekly',
      rentFen: 8800,
      depositFen: 0,
      insuranceFen: 0,
    }),
    'planId',
  );
  const contract = await post('/elec-lease/v1/api/contract/create.json', {
    riderId: ids.rider,
    vehicleId: ids.leaseVehicle,
    planId: ids.leasePlan,
  });
  ids.contract = idOf(contract.contract, 'contractId');
  ids.payment = idOf(
    (
      await post('/elec-lease/v1/api/payment/pay.json', {
        contractId: ids.contract,
        method: 'cash',
        providerRef: `PROBE${n}PAY`,
        amountFen: 8800,
        note: marker,
      })
    ).payment,
    'paymentId',
  );
  ids.inspection = idOf(
    await post('/elec-lease/v1/api/contract/handover.json', { contractId: ids.contract, batteryPercent: 90, note: marker }),
    'inspectionId',
  );
  ids.photo = idOf(
    await step(
      'lease photo',
      t.call(sid, {
        method: 'POST',
        url: `/elec-lease/v1/api/contract/photo.json?inspectionId=${ids.inspection}`,
        ...multipart({ fileName: 'a.jpg', content: JPEG, type: 'image/jpeg' }),
      }),
    ),
    'photoId',
  );
  await post('/elec-lease/v1/api/area/set.json', { geofenceId: ids.geofence, kind: 'boundary' });

  // 智能工牌: shift, team, staff with a badge and photo, area, checkpoint, patrol plan
  ids.shift = idOf(
    await postJson('/card/v1/api/shift/save.json', {
      name: `${marker}班次`,
      weekdays: [1, 2, 3, 4, 5],
      periods: [{ start: '08:00', end: '12:00' }],
      lateMinutes: 5,
      earlyMinutes: 5,
    }),
    'shiftId',
  );
  ids.team = idOf(await post('/card/v1/api/team/save.json', { name: `${marker}班组`, shiftId: ids.shift }), 'teamId');
  ids.staff = idOf(
    await post('/card/v1/api/staff/save.json', { name: marker, staffNo: `P${n}001`, job: marker, phone, teamId: ids.team, remark: marker }),
    'staffId',
  );
  await post('/card/v1/api/staff/bind.json', { staffId: ids.staff, terminalId: imeis.badge! });
  await postJson('/card/v1/api/staff/photo.json', { staffId: ids.staff, data: `data:image/png;base64,${PNG.toString('base64')}` });
  ids.cardArea = idOf(await post('/card/v1/api/area/save.json', { geofenceId: ids.geofence, teamId: ids.team }), 'areaId');
  ids.checkpoint = idOf(
    await post('/card/v1/api/checkpoint/save.json', { name: `${marker}点位`, lat: 31.23, lon: 121.47, radius: 50 }),
    'checkpointId',
  );
  ids.patrolPlan = idOf(
    await postJson('/card/v1/api/patrol/savePlan.json', {
      name: `${marker}巡逻`,
      checkpointIds: [ids.checkpoint],
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      windows: [{ start: '09:00', end: '10:00' }],
      lateMinutes: 10,
      staffIds: [ids.staff],
    }),
    'planId',
  );

  // 宠物卫士: pet with collar and photo, a zone
  ids.pet = idOf(
    await post('/pet/v1/api/pet/save.json', {
      name: marker,
      species: 'dog',
      breed: marker,
      sex: 'male',
      imei: imeis.pet!,
      photo: `data:image/png;base64,${PNG.toString('base64')}`,
    }),
    'petId',
  );
  ids.zone = idOf(
    await post('/pet/v1/api/pet/zoneSave.json', {
      petId: ids.pet,
      name: `${marker}家`,
      kind: 'circle',
      lon: 121.47,
      lat: 31.23,
      radiusMeters: 100,
    }),
    'zoneId',
  );

  // A family member invited to the pet (the tenant's own user; the invitation stays pending).
  ids.member = idOf(await post('/pet/v1/api/pet/memberInvite.json', { petId: ids.pet, user: `probe${n}user` }), 'memberId');

  await get('/car/v4/api/vehicle/list.json'); // the session still works after all of that
  const codes = {
    leaseCode: `PROBE-${n}`,
    staffNo: `P${n}001`,
    ecFrame: `EC${n}FRAME01`,
    leaseFrame: `LS${n}FRAME01`,
    gbFrame: `PROBE${n}FRAME01`,
    login: tenant.username,
  };
  return {
    marker,
    ids,
    imeis,
    codes,
    identifiers: [plate, phone, `probe${n}user`, host, declareToken, `PROBE${n}FRAME01`, `PROBE-${n}`, `EC${n}FRAME01`, `LS${n}FRAME01`],
    host,
    declareToken,
  };
}
