import { CARD_ERRORS, CARD_LIMITS, type StaffImportResult } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { terminalsQueries } from '../terminals/terminals.queries.ts';
import { staffQueries } from './staff.queries.ts';
import { bindBadge, saveStaff } from './staff.service.ts';

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
export async function checkStaffSheet(db: Db, user: SessionUser, sheet: string[][]): Promise<Parsed[]> {
  if (sheet.length - 1 > CARD_LIMITS.importRows) throw new AppError(CARD_ERRORS.tooManyRows, { params: { max: CARD_LIMITS.importRows } });
  const cols = columnsOf(sheet[0] ?? []);
  const cell = (r: string[], f: string) => (cols[f] === undefined ? '' : (r[cols[f]!] ?? '').trim());
  const teams = new Map((await staffQueries.teams(db, scopeParam(user))).filter((t) => Number(t.account_id) === user.accountId).map((t) => [t.name, Number(t.id)]));
  const rows = sheet.slice(1).map((r, i): Parsed => ({
    row: i + 2, staffNo: cell(r, 'staffNo'), name: cell(r, 'name'), job: cell(r, 'job'), phone: cell(r, 'phone'), team: cell(r, 'team'),
    remark: cell(r, 'remark'), badge: cell(r, 'badge'), teamId: null, existingId: null, errors: [],
  }));
  const existing = new Map((await staffQueries.byNumbers(db, user.accountId, rows.map((r) => r.staffNo).filter(Boolean))).map((r) => [r.staff_no, Number(r.id)]));
  const keys = rows.map((r) => r.badge).filter(Boolean).map(identifierKey);
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
      if (!t) r.errors.push(`工牌 ${r.badge} 不存在或无权访问`);
      else if (t.vehicle_id !== null && Number(t.vehicle_id) !== r.existingId) r.errors.push(`工牌 ${r.badge} 已被 ${t.vehicle_name || t.plate || '其他对象'} 使用`);
      else if (seenBadge.has(t.identifier_key)) r.errors.push(`工牌与第 ${seenBadge.get(t.identifier_key)} 行重复`);
      else seenBadge.set(t.identifier_key, r.row);
    }
  }
  return rows;
}

/** Imports all rows or none: any row in error refuses the file with every row's reasons. */
export async function importStaff(db: Db, bus: Bus, user: SessionUser, sheet: string[][]): Promise<StaffImportResult> {
  const rows = await checkStaffSheet(db, user, sheet);
  const answer = (created: number, updated: number): StaffImportResult => ({
    total: rows.length, created, updated,
    rows: rows.map((r) => ({ row: r.row, staffNo: r.staffNo, name: r.name, ok: r.errors.length === 0, errors: r.errors })),
  });
  const bad = rows.filter((r) => r.errors.length).length;
  if (bad) throw new AppError(CARD_ERRORS.importRefused, { params: { n: bad }, obj: answer(0, 0) });
  let created = 0;
  for (const r of rows) {
    const id = await saveStaff(db, bus, user, {
      staffId: r.existingId ?? undefined, name: r.name, staffNo: r.staffNo, job: r.job, phone: r.phone, remark: r.remark, teamId: r.teamId ?? undefined,
    });
    if (r.existingId === null) created++;
    if (r.badge) await bindBadge(db, bus, user, id, r.badge);
  }
  return answer(created, rows.length - created);
}
