import ExcelJS from 'exceljs';
import type { LightMyRequestResponse } from 'fastify';
import type { RegisteredRoute } from './routeConfig.ts';
import type { Everything } from '../testing/oneOfEverything.ts';
import { form, type TestServer } from '../testing/testServer.ts';
import { multipart } from '../testing/multipart.ts';

/*
 * The parts of the cross-tenant probe (foreignIds.test.ts) that read route schemas, fill a request
 * and read an answer. A field "names an object" when its name says so (…Id, …Ids, imei, host);
 * which object it names depends on the sub-product the route belongs to.
 */

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  allOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
}

export interface Field {
  name: string;
  schema: JsonSchema;
  required: boolean;
  /** In the query string of a POST (uploads), not its body. */
  inQuery: boolean;
}

function collect(schema: JsonSchema | undefined, inQuery: boolean, out: Map<string, Field>) {
  if (!schema) return;
  for (const [name, s] of Object.entries(schema.properties ?? {})) {
    out.set(name, { name, schema: s, required: Boolean(schema.required?.includes(name)) || Boolean(out.get(name)?.required), inQuery });
  }
  for (const sub of schema.allOf ?? []) collect(sub, inQuery, out);
}

export function fieldsOf(r: RegisteredRoute): Field[] {
  const out = new Map<string, Field>();
  if (r.method === 'GET') collect(r.querystring as JsonSchema, true, out);
  else {
    collect(r.querystring as JsonSchema, true, out);
    collect(r.body as JsonSchema, false, out);
  }
  return [...out.values()];
}

/** Which of a tenant's objects a field names on this route; undefined: not an object reference. */
export function kindOf(url: string, field: string): string | undefined {
  const lease = url.startsWith('/elec-lease/');
  const card = url.startsWith('/card/');
  const gb = url.startsWith('/elec-gb/') || url.includes('/prevent/declare/');
  const base = field.replace(/Ids$/, 'Id');
  switch (base) {
    case 'vehicleId':
      return lease ? 'leaseVehicle' : 'vehicle';
    case 'bikeId':
      return gb ? 'gbBike' : 'ecBike';
    case 'planId':
      return card ? 'patrolPlan' : 'leasePlan';
    case 'areaId':
      return 'cardArea';
    case 'parentId':
      return url.includes('/account/') ? 'account' : card ? 'team' : 'group';
    case 'moveTo':
      return 'group';
    case 'accountId':
      return 'account';
    case 'terminalId':
    case 'imei':
      return /\/(add|bind|assign|save|update)\.json$/.test(url) ? 'imei:free' : card ? 'imei:badge' : 'imei:car';
    case 'host':
      return url.includes('/custom/') ? 'host' : undefined;
    case 'user':
      return url.includes('/pet/') ? 'username' : undefined;
    // Codes a tenant gives its own objects: another tenant may use the same (unlike device numbers).
    case 'code':
      return lease ? 'code:leaseCode' : undefined;
    case 'staffNo':
      return 'code:staffNo';
    case 'frameNo':
      return lease ? 'code:leaseFrame' : url.startsWith('/elec-car/') ? 'code:ecFrame' : undefined;
    case 'username':
      return url.includes('/audit/') ? 'code:login' : undefined;
    case 'id': {
      if (url.includes('/account/')) return 'subAccount';
      if (url.includes('/user/')) return 'user';
      if (url.includes('/role/')) return 'role';
      if (url.includes('/notice/')) return 'notice';
      if (url.includes('/helpMessage/')) return 'message';
      if (url.includes('/export/')) return 'export';
      if (url.endsWith('/custom/icon')) return 'brandIcon';
      return undefined;
    }
    case 'alarmId':
    case 'deliveryId':
    case 'userId':
    case 'roleId':
    case 'groupId':
    case 'geofenceId':
    case 'declarationId':
    case 'storeId':
    case 'riderId':
    case 'contractId':
    case 'paymentId':
    case 'inspectionId':
    case 'photoId':
    case 'shiftId':
    case 'teamId':
    case 'staffId':
    case 'checkpointId':
    case 'petId':
    case 'zoneId':
    case 'memberId':
      return base.replace(/Id$/, '');
    default:
      return undefined;
  }
}

/** An id of the kind that names nothing. */
export function missingValue(kind: string, field: Field): unknown {
  const v = kind.startsWith('imei:')
    ? '868120149999999'
    : kind === 'host'
      ? 'nobody.example.cn'
      : kind === 'username'
        ? 'nobody9'
        : kind.startsWith('code:')
          ? 'NOBODY9CODE'
          : 987654;
  return field.schema.type === 'array' ? [v] : field.schema.type === 'string' || field.schema.anyOf ? String(v) : v;
}

/** The value of `kind` in a tenant's objects, shaped for the field (a list field gets a one-item list). */
export function valueOf(e: Everything & { accountId: number; noticeId?: number; messageId?: number }, kind: string, field: Field): unknown {
  let v: string | number | undefined;
  if (kind.startsWith('imei:')) v = e.imeis[kind.slice(5)];
  else if (kind === 'account') v = e.accountId;
  else if (kind === 'host') v = e.host;
  else if (kind === 'username') v = e.identifiers[2];
  else if (kind.startsWith('code:')) v = e.codes[kind.slice(5)];
  else if (kind === 'notice') v = e.noticeId;
  else if (kind === 'message') v = e.messageId;
  else v = e.ids[kind === 'geofence' ? 'geofence' : kind];
  if (v === undefined) throw new Error(`no ${kind} seeded`);
  return field.schema.type === 'array' ? [v] : field.schema.type === 'string' || field.schema.anyOf ? String(v) : v;
}

/**
 * Values that get a call past the checks that come before the lookup of the ids (a shape, a
 * period, a known kind), so the lookup is what answers. `undefined` leaves a field out.
 */
export const PAST_THE_FIRST_CHECKS: Record<string, Record<string, unknown>> = {
  '/car/v4/api/geofence/add.json': { name: '探针围栏', kind: 'circle', center: [121.47, 31.23], radius: 200 },
  '/car/v4/api/geofence/update.json': { name: '探针围栏', kind: 'circle', center: [121.47, 31.23], radius: 200 },
  '/car/v4/api/monitor/track.json': { start: '2026-11-20 00:00:00', end: '2026-11-20 23:00:00' },
  '/car/v4/api/monitor/track.bin': { start: '2026-11-20 00:00:00', end: '2026-11-20 23:00:00' },
  '/car/v4/api/playback/exportTrack.json': { start: '2026-11-20 00:00:00', end: '2026-11-20 23:00:00' },
  '/car/v1/api/command/checkCommandDownBatchTer.json': { commandType: 'setInterval', seconds: 30 },
  '/car/v1/api/command/commandDownBatch.json': { commandType: 'setInterval', seconds: 30 },
  '/car/v1/accelerate/export/exportDataReport.json': { reportType: 'userList' },
  '/car/v4/api/vehicle/add.json': { plate: '沪B97777' },
  '/elec-car/v1/api/bike/control.json': { action: 'arm' },
  '/elec-car/v1/api/alarm/saveSwitch.json': { alarmType: 'sos' },
  '/elec-lease/v1/api/plan/save.json': { name: '探针方案', kind: 'weekly', rentFen: 100, depositFen: 0, insuranceFen: 0 },
  '/elec-lease/v1/api/payment/pay.json': { method: 'cash', amountFen: 1 },
  '/elec-lease/v1/api/area/set.json': { kind: 'boundary' },
  '/card/v1/api/area/save.json': { staffId: undefined },
  '/card/v1/api/attendance/correct.json': { status: 'normal' },
  '/elec-gb/v1/api/bike/add.json': { frameNo: 'PROBEB0002' },
  '/pet/v1/api/pet/zoneSave.json': { name: '探针区域', kind: 'circle', lon: 121.47, lat: 31.23, radiusMeters: 100 },
};

/** A plausible value for a field the probe does not aim at (only required ones are sent). */
export function sample(name: string, s: JsonSchema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.anyOf?.length) return sample(name, s.anyOf.find((x) => x.type !== 'null') ?? s.anyOf[0]!);
  switch (s.type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(1, s.minimum ?? 1), s.maximum ?? 1);
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(name, s.items ?? {}));
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, sample(k, s.properties?.[k] ?? {})]));
    default: {
      if (s.pattern)
        return (
          [name === 'end' ? '09:00' : '08:00', 'PROBE1', '2026-11-20', '2026-11-20 08:00:00', '13800000000', 'probe'].find((x) =>
            new RegExp(s.pattern!).test(x),
          ) ?? 'probe'
        );
      if (/date|day/i.test(name)) return '2026-11-20';
      if (/^(start|end)$/.test(name)) return '2026-11-20 08:00:00';
      if (/phone/i.test(name)) return '13800000000';
      const text = '探针测试';
      return s.minLength && s.minLength > text.length ? text.padEnd(s.minLength, '测') : text;
    }
  }
}

/** Sends `fields` the way the route takes them: query string, form, JSON, or multipart with a small file. */
export function send(
  t: TestServer,
  sid: string,
  r: RegisteredRoute,
  fields: Field[],
  values: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const query = new URLSearchParams();
  const body: Record<string, unknown> = {};
  for (const f of fields) {
    if (!(f.name in values)) continue;
    const v = values[f.name];
    if (r.method === 'GET' || f.inQuery)
      for (const x of Array.isArray(v) ? v : [v]) query.append(f.name, typeof x === 'object' ? JSON.stringify(x) : String(x));
    else body[f.name] = v;
  }
  const url = query.size ? `${r.url}?${query}` : r.url;
  if (r.method === 'GET') return t.call(sid, { method: 'GET', url });
  const encoding = r.endpoint?.encoding ?? 'form';
  if (encoding === 'json') return t.call(sid, { method: 'POST', url, payload: body });
  if (encoding === 'multipart') {
    const text = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, String(v)]));
    return t.call(sid, { method: 'POST', url, ...multipart({ fileName: 'probe.csv', content: 'a,b\n1,2\n', type: 'text/csv' }, text) });
  }
  // A form repeats a key for a list, as the web's request layer does.
  const flat: Record<string, string | number | boolean> = {};
  const lists: Array<[string, string]> = [];
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) for (const x of v) lists.push([k, String(x)]);
    else flat[k] = typeof v === 'object' && v !== null ? JSON.stringify(v) : (v as string | number | boolean);
  }
  const encoded = form(flat);
  if (lists.length) encoded.payload = [encoded.payload, new URLSearchParams(lists).toString()].filter(Boolean).join('&');
  return t.call(sid, { method: 'POST', url, ...encoded });
}

/** The answer as text a person could read: JSON as sent, a workbook's cells, or a note of what binary came back. */
export async function readable(res: LightMyRequestResponse): Promise<{ kind: 'json' | 'sheet' | 'binary' | 'text'; text: string }> {
  const type = String(res.headers['content-type'] ?? '');
  if (type.includes('json')) return { kind: 'json', text: res.body };
  if (type.includes('spreadsheet') || type.includes('excel')) {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    book.eachSheet((ws) => ws.eachRow((row) => cells.push(JSON.stringify(row.values))));
    return { kind: 'sheet', text: cells.join('\n') };
  }
  if (type.startsWith('text/')) return { kind: 'text', text: res.body };
  return { kind: 'binary', text: `${type} ${res.rawPayload.length} bytes` };
}
