import { CARD_ERRORS, CARD_LIMITS, type StaffImportResult } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { announceChanges } from '../terminals/assets.ts';
import { terminalsQueries, type TerminalRow } from '../terminals/terminals.queries.ts';
import { staffQueries, type StaffProfile } from './staff.queries.ts';
import { isStaffNoTaken, staffImportQueries } from './staffImport.queries.ts';
import { CARD_CHANGED } from './staff.service.ts';

/** Header texts accepted for each field (the export's first columns are the template). */
const HEADERS: Record<string, string[]> = {
  staffNo: ['工号', '人员编号'],
  name: ['姓名', '名称'],
  job: ['岗位', '职务'],
  phone: ['电话', '手机号', '联系电话'],
  team: ['班组', '部门'],
  remark: ['备注'],
  badge: ['工牌', '设备号', 'IMEI'],
};

interface Parsed {
  row: number;
  staffNo: string;
  name: string;
  job: string;
  phone: string;
  team: string;
  remark: string;
  badge: string;
  teamId: number | null;
  existingId: number | null;
  /** the row's badge as found in the caller's subtree */
  terminal: TerminalRow | null;
  errors: string[];
}

function columnsOf(header: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  header.forEach((h, i) => {
    for (const [field, names] of Object.entries(HEADERS)) if (names.includes(h.trim()) && out[field] === undefined) out[field] = i;
  });
  if (out.staffNo === undefined || out.name === undefined) throw new AppError(CARD_ERRORS.importHeader);
  return out;
}

/** Each row checked, every problem in Chinese; nothing written. */
export async function checkStaffSheet(db: Queryable, user: SessionUser, sheet: string[][]): Promise<Parsed[]> {
  if (sheet.length - 1 > CARD_LIMITS.importRows) throw new AppError(CARD_ERRORS.tooManyRows, { params: { max: CARD_LIMITS.importRows } });
  const cols = columnsOf(sheet[0] ?? []);
  const cell = (r: string[], f: string) => (cols[f] === undefined ? '' : (r[cols[f]!] ?? '').trim());
  const teams = new Map(
    (await staffQueries.teams(db, scopeParam(user)))
      .filter((t) => Number(t.account_id) === user.accountId)
      .map((t) => [t.name, Number(t.id)]),
  );
  const rows = sheet.slice(1).map((r, i): Parsed => ({
    row: i + 2,
    staffNo: cell(r, 'staffNo'),
    name: cell(r, 'name'),
    job: cell(r, 'job'),
    phone: cell(r, 'phone'),
    team: cell(r, 'team'),
    remark: cell(r, 'remark'),
    badge: cell(r, 'badge'),
    teamId: null,
    existingId: null,
    terminal: null,
    errors: [],
  }));
  const existing = new Map(
    (await staffQueries.byNumbers(db, user.accountId, rows.map((r) => r.staffNo).filter(Boolean))).map((r) => [r.staff_no, Number(r.id)]),
  );
  const keys = rows
    .map((r) => r.badge)
    .filter(Boolean)
    .map(identifierKey);
  const badges = new Map((await terminalsQueries.visibleByKeys(db, terminalScope(user), keys)).map((t) => [t.identifier_key, t]));
  const seenNo = new Map<string, number>();
  const seenBadge = new Map<string, number>();
  for (const r of rows) {
    if (!r.staffNo) r.errors.push('工号不能为空');
    else if (r.staffNo.length > 30) r.errors.push('工号不能超过30个字符');
    else if (seenNo.has(r.staffNo)) r.errors.push(`工号与第 ${seenNo.get(r.staffNo)} 行重复`);
    else seenNo.set(r.staffNo, r.row);
    if (!r.name) r.errors.push('姓名不能为空');
    else if (r.name.length > 20) r.errors.push('姓名不能超过20个字符');
    if (r.job.length > 20) r.errors.push('岗位不能超过20个字符');
    if (r.phone && !/^\+?\d{3,20}$/.test(r.phone)) r.errors.push(`电话“${r.phone}”格式不正确`);
    if (r.team) {
      r.teamId = teams.get(r.team) ?? null;
      if (r.teamId === null) r.errors.push(`班组“${r.team}”不存在`);
    }
    r.existingId = existing.get(r.staffNo) ?? null;
    if (r.badge) {
      const t = badges.get(identifierKey(r.badge));
      r.terminal = t ?? null;
      if (!t) r.errors.push(`工牌 ${r.badge} 不存在或无权访问`);
      else if (t.vehicle_id !== null && Number(t.vehicle_id) !== r.existingId)
        r.errors.push(`工牌 ${r.badge} 已被 ${t.vehicle_name || t.plate || '其他对象'} 使用`);
      else if (seenBadge.has(t.identifier_key)) r.errors.push(`工牌与第 ${seenBadge.get(t.identifier_key)} 行重复`);
      else seenBadge.set(t.identifier_key, r.row);
    }
  }
  return rows;
}

/**
 * Imports all rows or none: any row in error refuses the file with every row's reasons. The check
 * and the writes share one transaction, and each kind of write is one statement for the whole
 * sheet (the per-row saveStaff and bindBadge cost about 20 ms a row). The writes are what those
 * two do for a row that passed the check: a new person is a vehicle of type 'badge' with a
 * profile; a known one gets their name and profile (the sheet has no shift column, so their own
 * shift stays); a free badge is moved into the account if it sat in a
 * sub-account, put in the person (their previous badge's binding closed) and its binding opened.
 */
export async function importStaff(db: Db, bus: Bus, user: SessionUser, sheet: string[][]): Promise<StaffImportResult> {
  let checked: Parsed[] = [];
  const { rows, announce } = await db
    .tx(async (q) => {
      // Two imports at once (two operators, a double click) are serialised per account: the second
      // sees the first's new 工号 as known people rather than failing on the unique index.
      await staffImportQueries.lockAccount(q, user.accountId);
      const rows = (checked = await checkStaffSheet(q, user, sheet));
      const bad = rows.filter((r) => r.errors.length).length;
      if (bad) throw new AppError(CARD_ERRORS.importRefused, { params: { n: bad }, obj: answer(rows, false) });
      return { rows, announce: await writeStaff(q, user, rows) };
    })
    .catch(async (err: unknown) => {
      // A person saved through the form while the import ran (the form takes no import lock) took
      // one of the sheet's new 工号: name it, as the form does, instead of a database error.
      if (!isStaffNoTaken(err)) throw err;
      const fresh = checked.filter((r) => r.existingId === null).map((r) => r.staffNo);
      const [taken] = fresh.length ? await staffQueries.byNumbers(db, user.accountId, fresh) : [];
      if (!taken) throw err;
      throw new AppError(CARD_ERRORS.staffNoTaken, { params: { staffNo: taken.staff_no } });
    });
  announceChanges(bus, announce);
  bus.publish(CARD_CHANGED, {});
  return answer(rows, true);
}

/** The result table: every row with its reasons; the counts once written (0 when refused). */
function answer(rows: Parsed[], written: boolean): StaffImportResult {
  const created = written ? rows.filter((r) => r.existingId === null).length : 0;
  return {
    total: rows.length,
    created,
    updated: written ? rows.length - created : 0,
    rows: rows.map((r) => ({ row: r.row, staffNo: r.staffNo, name: r.name, ok: r.errors.length === 0, errors: r.errors })),
  };
}

/** Writes checked rows; answers the badge numbers whose vehicle changed (for the gateway's caches). */
async function writeStaff(q: Queryable, user: SessionUser, rows: Parsed[]): Promise<string[]> {
  const fresh = rows.filter((r) => r.existingId === null);
  const known = rows.filter((r) => r.existingId !== null);
  const newIds = fresh.length ? await staffQueries.batch.newIds(q, fresh.length) : [];
  const idOf = new Map<Parsed, number>(fresh.map((r, i) => [r, newIds[i]!]));
  for (const r of known) idOf.set(r, r.existingId!);
  const current = new Map(
    (known.length
      ? await staffQueries.batch.current(
          q,
          known.map((r) => r.existingId!),
        )
      : []
    ).map((c) => [Number(c.id), c]),
  );

  // A badge already in this person stays as it is; a free one is bound (the check refused the rest).
  const binding = rows.filter((r) => r.terminal && r.terminal.vehicle_id === null);
  const bindingSet = new Set(binding);
  const newBadge = (r: Parsed) => (bindingSet.has(r) ? Number(r.terminal!.id) : null);
  const outside = binding
    .filter((r) => r.terminal!.account_id === null || Number(r.terminal!.account_id) !== user.accountId)
    .map((r) => Number(r.terminal!.id));
  if (outside.length) await terminalsQueries.assign(q, outside, user.accountId);

  const profile = (r: Parsed): { id: number; p: StaffProfile } => ({
    id: idOf.get(r)!,
    p: { staffNo: r.staffNo, job: r.job, phone: r.phone, teamId: r.teamId, shiftId: null, remark: r.remark },
  });
  if (fresh.length) {
    await staffQueries.batch.insertVehicles(
      q,
      user.accountId,
      fresh.map((r) => ({ id: idOf.get(r)!, name: r.name, terminalId: newBadge(r) })),
    );
    await staffQueries.batch.insertProfiles(q, user.accountId, fresh.map(profile));
  }
  const rebound = known
    .filter((r) => bindingSet.has(r) && (current.get(r.existingId!)?.terminal_id ?? null) !== null)
    .map((r) => r.existingId!);
  if (rebound.length) await staffQueries.batch.closeBindings(q, rebound, user.username);
  if (known.length) {
    await staffQueries.batch.updateVehicles(
      q,
      known.map((r) => ({ id: r.existingId!, name: r.name, terminalId: newBadge(r) })),
    );
    await staffQueries.batch.updateProfiles(q, known.map(profile));
  }
  if (binding.length) {
    await staffQueries.batch.openBindings(
      q,
      binding.map((r) => ({ staffId: idOf.get(r)!, terminalPk: Number(r.terminal!.id), identifier: r.terminal!.identifier })),
      user.username,
    );
  }

  const announce: string[] = binding.map((r) => r.terminal!.identifier);
  for (const r of known) {
    const c = current.get(r.existingId!);
    if (c?.identifier && (bindingSet.has(r) || c.name !== r.name)) announce.push(c.identifier);
  }
  return announce;
}
