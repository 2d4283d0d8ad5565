import type { LightMyRequestResponse } from 'fastify';
import type { RegisteredRoute } from './routeConfig.ts';
import type { TestServer } from '../testing/testServer.ts';
import type { Tenant } from '../testing/fixtures.ts';
import type { Everything } from '../testing/oneOfEverything.ts';
import { fieldsOf, kindOf, missingValue, PAST_THE_FIRST_CHECKS, readable, sample, send, valueOf, type Field } from './foreignIds.probe.ts';
import { accountInScope } from '../core/accountScope.ts';

/*
 * The walk of the cross-tenant probe (foreignIds.test.ts): an attacker, who owns objects of every
 * kind, calls every route naming a victim's objects, and each answer is read for what it must not
 * be or show.
 */
export type Seeded = Everything & { accountId: number; noticeId?: number; messageId?: number };
export interface Side {
  tenant: Tenant;
  seeded: Seeded;
  /** Text that is the victim's and no one else's: its markers, plates, phones, device numbers, account name. */
  secrets: string[];
}

const CHINESE = /[\u4e00-\u9fa5]/;
const INTERNALS = /at \w+ \(|node_modules|stack|undefined|NaN|\bnull\b|syntax error|violates/i;
// Ends the attacker's session, or needs its password: no id field either.
const SKIP = new Set(['/oauth/logout', '/car/v1/api/user/updateUserPassword.json']);
// Names that are unique across the whole platform: whoever types one that is taken must be told
// so, whichever tenant holds it (a device number, a branding host — and a host's branding is
// public anyway, queryCustomInfo serves it to the login page). And 宠物卫士 invites any platform
// user by username or phone: finding them is the feature (what the owner then sees is not).
const GLOBALLY_UNIQUE = new Set([
  'POST /car/v4/api/terminal/add.json terminalId',
  'POST /car/v4/api/vehicle/update.json terminalId',
  'POST /car/v4/api/vehicle/add.json terminalId',
  'POST /car/v1/api/custom/save.json host',
  'POST /car/v1/api/custom/delete.json host',
  'POST /pet/v1/api/pet/memberInvite.json user',
]);
export const DESTRUCTIVE = /(delete|remove|Remove|unbind|unassign|terminate|return|withdraw|clearHistory|deletePlan|refund)(\.json)?$/;

/** Every API route a signed-in user can call, the destructive ones last (so the attacker's own objects last the walk). */
export const probedRoutes = (t: TestServer) =>
  t.routes
    .filter((r) => r.access === 'session' && !r.file && r.endpoint && r.endpoint.produces !== 'websocket' && !SKIP.has(r.url))
    .sort((x, y) => Number(DESTRUCTIVE.test(x.url)) - Number(DESTRUCTIVE.test(y.url)));

export const idFields = (r: RegisteredRoute) => fieldsOf(r).filter((f) => kindOf(r.url, f.name));

/** `own`'s objects in the id fields, a plausible value in the other required ones. */
export function baseValues(r: RegisteredRoute, fields: Field[], own: Seeded): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const f of fields) {
    const kind = kindOf(r.url, f.name);
    if (kind) values[f.name] = valueOf(own, kind, f);
    else if (f.required) values[f.name] = sample(f.name, f.schema);
  }
  for (const [k, v] of Object.entries(PAST_THE_FIRST_CHECKS[r.url] ?? {})) {
    if (v === undefined) delete values[k];
    else values[k] = v;
  }
  return values;
}

/** A copy of an answer without its `input` fields (the operation log's record of what was sent). */
function withoutInputs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutInputs);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => k !== 'input')
        .map(([k, v]) => [k, withoutInputs(v)]),
    );
  return value;
}

/** What is wrong with one answer, if anything. `sent`: the values the attacker typed, which a message may repeat. */
export async function findings(
  label: string,
  res: LightMyRequestResponse,
  secrets: string[],
  sent: unknown[],
  foreign: boolean,
): Promise<string[]> {
  if (res.statusCode >= 500) return [`${label}: HTTP ${res.statusCode} ${res.body.slice(0, 200)}`];
  const out: string[] = [];
  const { kind, text } = await readable(res);
  // The operation log repeats what the caller's own users typed — A's ids among them, in this
  // probe, once its earlier calls are flushed to the log: that is the attacker's input, not A's data.
  let scrubbed = kind === 'json' && label.includes('/audit/') ? JSON.stringify(withoutInputs(JSON.parse(text))) : text;
  for (const v of sent.flat()) if (typeof v === 'string' && v.length > 3) scrubbed = scrubbed.split(v).join('');
  for (const secret of secrets) {
    const at = scrubbed.indexOf(secret);
    if (at >= 0) out.push(`${label}: shows the victim's ${secret}: …${scrubbed.slice(Math.max(0, at - 120), at + 60)}…`);
  }
  if (kind === 'json') {
    const body = JSON.parse(text) as { flag?: number; msg?: string; errorCode?: string };
    if (typeof body.flag === 'number' && body.flag !== 1) {
      if (!CHINESE.test(body.msg ?? '')) out.push(`${label}: message not in Chinese: ${body.msg}`);
      if (typeof body.errorCode !== 'string') out.push(`${label}: a failure from no catalogue (no errorCode): ${body.msg}`);
      if (INTERNALS.test(body.msg ?? '')) out.push(`${label}: internals in message: ${body.msg}`);
    }
  } else if (foreign && kind === 'binary' && res.statusCode === 200) out.push(`${label}: served ${text} for the victim's id`);
  return out;
}

/** The answer as the comparison of a victim's id with a missing one sees it: status, flag, code, message with the id taken out. */
function shape(res: LightMyRequestResponse, sentId: unknown, isRead: boolean): string {
  const json = String(res.headers['content-type'] ?? '').includes('json');
  const body = json ? (JSON.parse(res.body) as { flag: number; msg: string; errorCode?: string }) : { flag: 1, msg: '' };
  const msg =
    body.flag === 1
      ? ''
      : String(body.msg)
          .split(String(([] as unknown[]).concat(sentId)[0]))
          .join('<id>');
  // A read's answer in full (times taken out): a list filtered by the victim's id must be what a missing id lists.
  const read =
    body.flag === 1 && isRead && json
      ? res.body
          .split(String(([] as unknown[]).concat(sentId)[0]))
          .join('<id>')
          .replace(/\b\d{10,13}\b/g, '')
      : '';
  return `${res.statusCode} ${body.flag} ${body.errorCode ?? ''} ${msg}${read}`;
}

/**
 * Each route: once with the attacker's own objects; then each id field in turn naming the
 * victim's object (and, to compare, one that names nothing); then every id field the victim's.
 * `sharedDown`: routes whose answers a victim's sub-accounts may read by design.
 */
export async function walkForeignIds(
  t: TestServer,
  attacker: Side,
  victim: Side,
  opts: { sharedDown?: RegExp } = {},
): Promise<{ found: string[]; calls: number }> {
  const found: string[] = [];
  let calls = 0;
  for (const r of probedRoutes(t).filter((x) => !opts.sharedDown?.test(x.url))) {
    const fields = fieldsOf(r);
    const ids = idFields(r);
    const base = baseValues(r, fields, attacker.seeded);
    // The operation log is written in batches: flushed first, it holds every call so far, whatever the timing.
    if (r.url.includes('/audit/')) await t.ctx.audit.flush();
    let own: Buffer | undefined;
    const call = async (label: string, values: Record<string, unknown>, foreign: boolean) => {
      calls++;
      const res = await send(t, attacker.tenant.sessionId, r, fields, values);
      // A file identical to the attacker's own answer: the route went by another field and ignored this one.
      const sameAsOwn = own !== undefined && res.rawPayload.equals(own);
      found.push(...(await findings(`${r.method} ${r.url} ${label}`, res, victim.secrets, Object.values(values), foreign && !sameAsOwn)));
      return res;
    };
    if (!DESTRUCTIVE.test(r.url) || !ids.length) own = (await call('(own)', base, false)).rawPayload;
    for (const f of ids) {
      const kind = kindOf(r.url, f.name)!;
      const theirs = valueOf(victim.seeded, kind, f);
      const told = shape(await call(`${f.name}=victim’s`, { ...base, [f.name]: theirs }, true), theirs, r.method === 'GET');
      // The victim's object must look like no object at all: the same answer as an id that names nothing.
      const nothing = missingValue(kind, f);
      const untold = shape(await call(`${f.name}=missing`, { ...base, [f.name]: nothing }, false), nothing, r.method === 'GET');
      if (
        told !== untold &&
        !(told.startsWith('200 1 ') && untold.startsWith('200 1 ')) &&
        !GLOBALLY_UNIQUE.has(`${r.method} ${r.url} ${f.name}`)
      ) {
        found.push(`${r.method} ${r.url} ${f.name}: the victim's ${kind} answers “${told}”, a missing one “${untold}”`);
      }
    }
    // A list naming the attacker's object and the victim's: a handler that checks some and acts on all.
    for (const f of ids.filter((x) => x.name.endsWith('Ids') || x.schema.type === 'array')) {
      const kind = kindOf(r.url, f.name)!;
      const mine = ([] as unknown[]).concat(valueOf(attacker.seeded, kind, f));
      const theirs = ([] as unknown[]).concat(valueOf(victim.seeded, kind, f));
      const both = f.schema.type === 'array' ? [...mine, ...theirs] : [...mine, ...theirs].join(',');
      await call(`${f.name}=own and victim’s`, { ...base, [f.name]: both }, true);
    }
    if (ids.length > 1)
      await call(
        'all the victim’s',
        { ...base, ...Object.fromEntries(ids.map((f) => [f.name, valueOf(victim.seeded, kindOf(r.url, f.name)!, f)])) },
        true,
      );
  }
  return { found, calls };
}

/**
 * The victim's rows in every table that names an account (its subtree less `except`'s), and what
 * the victim reads of its own objects through every GET that names one: what must not change.
 */
export async function victimState(t: TestServer, victim: Side, except?: Tenant): Promise<Map<string, string>> {
  const tables = await t.ctx.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.columns WHERE column_name = 'account_id' AND table_schema = current_schema() ORDER BY 1`,
  );
  const out = new Map<string, string>();
  for (const { table_name: table } of tables) {
    // Sessions and the operation log change with every call the victim makes, not with the attacker's.
    if (/session|audit|operation_log/.test(table)) continue;
    const rows = await t.ctx.db.query(
      `SELECT * FROM ${table} WHERE account_id IN (SELECT id FROM accounts WHERE ${accountInScope('path', 1)} AND NOT ${accountInScope('path', 2)}) ORDER BY 1`,
      [victim.tenant.accountPath, except?.accountPath ?? '-'],
    );
    out.set(table, JSON.stringify(rows));
  }
  // Child rows with no account of their own (fence bindings, badges worn, pet members) show here.
  for (const r of probedRoutes(t).filter((x) => x.method === 'GET' && !x.raw && idFields(x).length)) {
    const fields = fieldsOf(r);
    const res = await send(t, victim.tenant.sessionId, r, fields, baseValues(r, fields, victim.seeded));
    const body = res.body.replace(/"(updated|lastLogin\w*|lastSeen\w*|now|serverTime|generatedAt)":\d+/g, '');
    out.set(`${r.method} ${r.url}`, body);
  }
  return out;
}
