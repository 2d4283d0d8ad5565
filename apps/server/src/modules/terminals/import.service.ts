import ExcelJS from 'exceljs';
import { PLATE_COLORS, TERMINAL_ERRORS, isPlate, type ImportResult, type ImportRowCheck, type ImportVerifyResult } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../http/errors.ts';
import { parseTime } from '../../http/timeInput.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { pathInScope } from '../../core/accountScope.ts';
import { announceChanges, targetAccount, vehicleTypeOf } from './assets.ts';
import { groupsQueries } from './groups.queries.ts';
import { identifierKey, normalizeIdentifier } from '../../core/identifiers.ts';
import type { SheetRecord } from './sheetRows.ts';
import { claimTerminal, protocolOf } from './terminals.service.ts';
import { terminalsQueries, type TerminalRow } from './terminals.queries.ts';
import { vehiclesQueries } from './vehicles.queries.ts';

export interface ImportOptions {
  accountId?: number;
  protocol?: string;
}

/** A plate colour cell: its name (蓝色 or 蓝) or its JT/T 808 code; '' is 0 (not given). */
export function plateColorOf(text: string | undefined): number | undefined {
  const value = (text ?? '').trim();
  if (value === '') return 0;
  for (const [code, name] of Object.entries(PLATE_COLORS)) if (value === name || value === code || `${value}色` === name) return Number(code);
  return undefined;
}
const makesVehicle = (r: SheetRecord) => !!(r.plate || r.name);

/**
 * Checks every row before anything is written: identifier format per protocol, duplicates inside
 * the file, identifiers owned by another tenant or already in a vehicle, plates taken.
 */
export async function verifyRecords(q: Queryable, user: SessionUser, records: SheetRecord[], opts: ImportOptions): Promise<ImportRowCheck[]> {
  const defaultProtocol = opts.protocol ? protocolOf(opts.protocol) : undefined;
  const keys = records.map((r) => (r.terminalId ? identifierKey(r.terminalId) : '')).filter(Boolean);
  const existing = new Map<string, TerminalRow>((await terminalsQueries.anyByKeys(q, keys)).map((t) => [t.identifier_key, t]));
  const plates = records.map((r) => (r.plate ?? '').toUpperCase()).filter(Boolean);
  const taken = new Set(await vehiclesQueries.takenPlates(q, plates));
  const seenKeys = new Map<string, number>();
  const seenPlates = new Map<string, number>();

  return records.map((r) => {
    const errors: string[] = [];
    const plate = (r.plate ?? '').toUpperCase();
    if (!r.terminalId && !r.plate && !r.name) errors.push('设备号和车牌号不能同时为空');
    if (r.terminalId) {
      const key = identifierKey(r.terminalId);
      const found = existing.get(key);
      let protocol: string | undefined;
      try {
        protocol = protocolOf(r.protocol) ?? defaultProtocol ?? found?.protocol;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors.push(err.message);
      }
      if (!protocol && !errors.length) errors.push('缺少设备协议');
      if (protocol) {
        const normalized = normalizeIdentifier(protocol as 'jt808', r.terminalId);
        if (!normalized.ok) errors.push(normalized.msg);
      }
      if (seenKeys.has(key)) errors.push(`设备号与第${seenKeys.get(key)}行重复`);
      else seenKeys.set(key, r.row);
      if (found && found.account_id !== null && !pathInScope(user, found.account_path ?? '')) errors.push('设备号已被其他账户使用');
      else if (found && found.vehicle_id !== null) errors.push(`设备号已绑定车辆 ${found.plate || found.vehicle_name}`);
      else if (found && found.account_id !== null && !makesVehicle(r)) errors.push('设备号已存在');
    }
    if (plate) {
      if (!isPlate(plate, vehicleTypeOf(r.type ?? '') ?? 'vehicle')) errors.push(TERMINAL_ERRORS.plateInvalid.msg);
      if (taken.has(plate)) errors.push('车牌号已存在');
      if (seenPlates.has(plate)) errors.push(`车牌号与第${seenPlates.get(plate)}行重复`);
      else seenPlates.set(plate, r.row);
    }
    if (r.type && !vehicleTypeOf(r.type)) errors.push(TERMINAL_ERRORS.typeInvalid.msg);
    if (plateColorOf(r.plateColor) === undefined) errors.push('车牌颜色应为 蓝色、黄色、黑色、白色、绿色 或 其他');
    if (r.group && r.group.length > 40) errors.push(TERMINAL_ERRORS.groupNameTooLong.msg);
    if (r.serviceExpiresAt) {
      try {
        parseTime(r.serviceExpiresAt, '服务到期');
      } catch {
        errors.push('服务到期时间格式应为 YYYY-MM-DD');
      }
    }
    return { row: r.row, terminalId: r.terminalId ?? '', plate, ok: errors.length === 0, errors };
  });
}

export function summary(checks: ImportRowCheck[]): ImportVerifyResult {
  const invalid = checks.filter((c) => !c.ok).length;
  return { total: checks.length, valid: checks.length - invalid, invalid, rows: checks };
}

/** All or nothing: a file with any bad row imports nothing and answers the row errors. */
export async function importRecords(db: Db, bus: Bus, user: SessionUser, records: SheetRecord[], opts: ImportOptions): Promise<ImportResult> {
  if (records.length === 0) throw new AppError(TERMINAL_ERRORS.noDataRows);
  const result = await db.tx(async (q) => {
    const account = await targetAccount(q, user, opts.accountId);
    const checks = await verifyRecords(q, user, records, opts);
    const bad = checks.filter((c) => !c.ok);
    if (bad.length) throw new AppError(TERMINAL_ERRORS.importRowsInvalid, { params: { count: bad.length }, obj: summary(checks) });
    const groups = await groupIds(q, account.id, records);
    const identifiers: string[] = [];
    let vehicles = 0;
    for (const r of records) {
      const serviceExpiresAt = r.serviceExpiresAt ? parseTime(r.serviceExpiresAt, '服务到期') : undefined;
      const terminal = r.terminalId
        ? await claimTerminal(q, user, { identifier: r.terminalId, protocol: r.protocol || opts.protocol, model: r.model || undefined, sim: r.sim || undefined, serviceExpiresAt, remark: makesVehicle(r) ? undefined : r.remark }, account.id, null)
        : null;
      if (terminal) identifiers.push(terminal.identifier);
      if (!makesVehicle(r)) continue;
      const plate = (r.plate ?? '').toUpperCase();
      await vehiclesQueries.insert(q, {
        accountId: account.id, groupId: r.group ? groups.get(r.group)! : null, terminalId: terminal?.id ?? null,
        name: r.name || plate, plate, plateColor: plateColorOf(r.plateColor) ?? 0, type: vehicleTypeOf(r.type ?? '') ?? 'vehicle', driver: r.driver ?? '', driverPhone: r.driverPhone ?? '',
        icon: '', remark: r.remark ?? '',
      });
      vehicles++;
    }
    return { total: records.length, terminals: identifiers.length, vehicles, identifiers };
  });
  announceChanges(bus, result.identifiers);
  return { total: result.total, terminals: result.terminals, vehicles: result.vehicles };
}

/** Group names of the file → ids in the target account; missing groups are created at the top level. */
async function groupIds(q: Queryable, accountId: number, records: SheetRecord[]): Promise<Map<string, number>> {
  const names = [...new Set(records.map((r) => r.group).filter((g): g is string => !!g))];
  const ids = new Map<string, number>();
  for (const g of await groupsQueries.byNames(q, accountId, names)) if (!ids.has(g.name)) ids.set(g.name, g.id);
  for (const name of names) {
    if (ids.has(name)) continue;
    ids.set(name, await groupsQueries.insert(q, { accountId, parentId: null, name, sort: 0 }));
  }
  return ids;
}

/** The import template: the first header alias of each column (sheetRows.ts) and one example row. */
export async function importTemplate(format: 'xlsx' | 'csv'): Promise<{ type: string; content: Buffer | string }> {
  const headers = ['设备号', '协议', '型号', 'SIM卡号', '车牌号', '车牌颜色', '名称', '类型', '分组', '司机', '司机电话', '服务到期', '备注'];
  const example = ['013800138000', 'JT808', 'JT701', '1440012345678', '粤B12345', '蓝色', '', '车辆', '默认分组', '张三', '13800138000', '2027-12-31', ''];
  if (format === 'csv') return { type: 'text/csv; charset=utf-8', content: `\uFEFF${headers.join(',')}\n${example.join(',')}\n` };
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('车辆导入');
  sheet.addRow(headers).font = { bold: true };
  sheet.addRow(example);
  sheet.columns.forEach((c) => (c.width = 16));
  sheet.getColumn(1).numFmt = '@'; // identifiers stay text: leading zeros survive
  return { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: Buffer.from(await book.xlsx.writeBuffer()) };
}
