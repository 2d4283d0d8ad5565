import ExcelJS from 'exceljs';
import { TERMINAL_ERRORS, isPlate, type ImportResult, type ImportRowCheck, type ImportVerifyResult } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../http/errors.ts';
import { parseTime } from '../../http/timeInput.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { pathInScope } from '../../core/accountScope.ts';
import { announceChanges, carKindOf, targetAccount, vehicleTypeOf } from './assets.ts';
import { identifierKey, normalizeIdentifier } from '../../core/identifiers.ts';
import { makesVehicle, plateColorOf, type SheetRecord } from './sheetRows.ts';
import { writeRecords } from './import.writer.ts';
import { protocolOf } from './terminals.service.ts';
import { terminalsQueries, type TerminalRow } from './terminals.queries.ts';
import { vehiclesQueries } from './vehicles.queries.ts';

export interface ImportOptions {
  accountId?: number;
  protocol?: string;
}

/**
 * Checks every row before anything is written: identifier format per protocol, duplicates inside
 * the file, identifiers owned by another tenant or already in a vehicle, plates taken.
 */
export async function verifyRecords(
  q: Queryable,
  user: SessionUser,
  records: SheetRecord[],
  opts: ImportOptions,
): Promise<ImportRowCheck[]> {
  return (await checkRecords(q, user, records, opts)).checks;
}

/** The row checks and the known terminals they read: one query per kind of check, whatever the row count. */
async function checkRecords(q: Queryable, user: SessionUser, records: SheetRecord[], opts: ImportOptions) {
  const defaultProtocol = opts.protocol ? protocolOf(opts.protocol) : undefined;
  const keys = records.map((r) => (r.terminalId ? identifierKey(r.terminalId) : '')).filter(Boolean);
  const existing = new Map<string, TerminalRow>((await terminalsQueries.anyByKeys(q, keys)).map((t) => [t.identifier_key, t]));
  const plates = records.map((r) => (r.plate ?? '').toUpperCase()).filter(Boolean);
  const taken = new Set(await vehiclesQueries.takenPlates(q, plates));
  const seenKeys = new Map<string, number>();
  const seenPlates = new Map<string, number>();

  const checks = records.map((r): ImportRowCheck => {
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
    if (r.type && !carKindOf(r.type)) errors.push(TERMINAL_ERRORS.typeInvalid.msg);
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
  return { checks, existing };
}

export function summary(checks: ImportRowCheck[]): ImportVerifyResult {
  const invalid = checks.filter((c) => !c.ok).length;
  return { total: checks.length, valid: checks.length - invalid, invalid, rows: checks };
}

/**
 * All or nothing: a file with any bad row imports nothing and answers the row errors; a valid one
 * is written in one transaction, a statement per table (import.writer.ts).
 */
export async function importRecords(
  db: Db,
  bus: Bus,
  user: SessionUser,
  records: SheetRecord[],
  opts: ImportOptions,
): Promise<ImportResult> {
  if (records.length === 0) throw new AppError(TERMINAL_ERRORS.noDataRows);
  const result = await db.tx(async (q) => {
    const account = await targetAccount(q, user, opts.accountId);
    const { checks, existing } = await checkRecords(q, user, records, opts);
    const bad = checks.filter((c) => !c.ok);
    if (bad.length) throw new AppError(TERMINAL_ERRORS.importRowsInvalid, { params: { count: bad.length }, obj: summary(checks) });
    return writeRecords(q, account.id, records, { existing, defaultProtocol: opts.protocol ? protocolOf(opts.protocol) : undefined });
  });
  announceChanges(bus, result.identifiers);
  return { total: records.length, terminals: result.identifiers.length, vehicles: result.vehicles };
}

/** The import template: the first header alias of each column (sheetRows.ts) and one example row. */
export async function importTemplate(format: 'xlsx' | 'csv'): Promise<{ type: string; content: Buffer | string }> {
  const headers = [
    '设备号',
    '协议',
    '型号',
    'SIM卡号',
    '车牌号',
    '车牌颜色',
    '名称',
    '类型',
    '分组',
    '司机',
    '司机电话',
    '服务到期',
    '备注',
  ];
  const example = [
    '013800138000',
    'JT808',
    'JT701',
    '1440012345678',
    '粤B12345',
    '蓝色',
    '',
    '车辆',
    '默认分组',
    '张三',
    '13800138000',
    '2027-12-31',
    '',
  ];
  if (format === 'csv') return { type: 'text/csv; charset=utf-8', content: `\uFEFF${headers.join(',')}\n${example.join(',')}\n` };
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('车辆导入');
  sheet.addRow(headers).font = { bold: true };
  sheet.addRow(example);
  sheet.columns.forEach((c) => (c.width = 16));
  sheet.getColumn(1).numFmt = '@'; // identifiers stay text: leading zeros survive
  return { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', content: Buffer.from(await book.xlsx.writeBuffer()) };
}
