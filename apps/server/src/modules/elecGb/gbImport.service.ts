import { ELEC_GB_ERRORS, type GbBikeForm, type ImportRowCheck } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { pathInScope } from '../../core/accountScope.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalsQueries, type TerminalRow } from '../terminals/terminals.queries.ts';
import { gbBikesQueries, type GbBikeFields } from './gbBikes.queries.ts';
import { checkFields, fieldProblems, fieldsOf, problemText } from './gbFields.ts';
import { ELEC_GB_CHANGED, newDeclareToken, stateFor } from './gbBikes.service.ts';
import type { GbRecord } from './gbSheet.ts';

const CONSENT: Record<string, boolean> = {
  '': false,
  是: true,
  否: false,
  同意: true,
  不同意: false,
  Y: true,
  N: false,
  '1': true,
  '0': false,
  TRUE: true,
  FALSE: false,
};

interface Checked {
  check: ImportRowCheck;
  /** what the row writes; null when its fields have a problem (the sheet then imports nothing) */
  fields: GbBikeFields | null;
  accountId: number | null;
}

function numberCell(text: string | undefined, label: string, min: number, max: number, errors: string[]): number | null {
  const t = (text ?? '').trim();
  if (t === '') return null;
  const n = Number(t);
  if (!Number.isFinite(n) || n < min || n > max) {
    errors.push(`${label}应为${min}到${max}之间的数字`);
    return null;
  }
  return n;
}

/**
 * Checks every row before anything is written, each problem in Chinese: the fields (frame number,
 * GB 11643 identity number, phone, use and battery type, numbers), duplicates inside the file,
 * frame numbers, plates and modules already registered, modules outside the caller's subtree.
 */
async function checkRecords(q: Queryable, user: SessionUser, records: GbRecord[]): Promise<Checked[]> {
  const imeis = records.map((r) => (r.terminalId ?? '').trim()).filter(Boolean);
  const terminals = new Map<string, TerminalRow>(
    (await terminalsQueries.anyByKeys(q, imeis.map(identifierKey))).map((t) => [t.identifier_key, t]),
  );
  const forms = records.map((r) =>
    fieldsOf({ ...r, positioningConsent: undefined, batteryCapacity: undefined, batteryVoltage: undefined } as Partial<GbBikeForm>),
  );
  const clashes = await gbBikesQueries.clashes(
    q,
    forms.map((f) => f.frameNo),
    forms.map((f) => f.plate).filter(Boolean),
    [...terminals.values()].map((t) => Number(t.id)),
  );
  const takenFrames = new Set(clashes.map((c) => c.frame_no));
  const takenPlates = new Set(clashes.map((c) => c.plate));
  const boundTerminals = new Set(clashes.map((c) => Number(c.terminal_id)));
  const seen = { frame: new Map<string, number>(), plate: new Map<string, number>(), imei: new Map<string, number>() };
  const once = (map: Map<string, number>, key: string, row: number, label: string, errors: string[]) => {
    if (map.has(key)) errors.push(`${label}与第${map.get(key)}行重复`);
    else map.set(key, row);
  };

  return records.map((r, i) => {
    const f = forms[i]!;
    const errors = fieldProblems(f).map(problemText);
    const consent = CONSENT[(r.positioningConsent ?? '').trim().toUpperCase()];
    if (consent === undefined) errors.push('定位授权应填 是 或 否');
    const capacity = numberCell(r.batteryCapacity, '电池容量', 1, 500, errors);
    const voltage = numberCell(r.batteryVoltage, '电池电压', 6, 120, errors);
    if (f.frameNo) {
      if (takenFrames.has(f.frameNo)) errors.push(`车架号 ${f.frameNo} 已备案`);
      once(seen.frame, f.frameNo, r.row, '车架号', errors);
    }
    if (f.plate) {
      if (takenPlates.has(f.plate)) errors.push(`号牌 ${f.plate} 已被其他车辆使用`);
      once(seen.plate, f.plate, r.row, '号牌', errors);
    }
    const imei = (r.terminalId ?? '').trim();
    let terminal: TerminalRow | undefined;
    if (imei) {
      terminal = terminals.get(identifierKey(imei));
      if (!terminal || terminal.account_id === null || !pathInScope(user, terminal.account_path ?? ''))
        errors.push(`定位模块 ${imei} 不存在或无权访问`);
      else if (boundTerminals.has(Number(terminal.id))) errors.push(`定位模块 ${imei} 已绑定其他备案车辆`);
      once(seen.imei, identifierKey(imei), r.row, '定位模块IMEI', errors);
    }
    const checked = checkFields(f);
    return {
      check: { row: r.row, terminalId: imei, plate: f.plate || f.frameNo, ok: errors.length === 0, errors },
      fields:
        'fields' in checked
          ? {
              ...checked.fields,
              batteryCapacity: capacity,
              batteryVoltage: voltage,
              positioningConsent: consent ?? false,
              terminalPk: terminal ? Number(terminal.id) : null,
              state: stateFor(f),
            }
          : null,
      accountId: terminal?.account_id ?? null,
    };
  });
}

export async function verifyGbRecords(q: Queryable, user: SessionUser, records: GbRecord[]) {
  const rows = (await checkRecords(q, user, records)).map((c) => c.check);
  const valid = rows.filter((r) => r.ok).length;
  return { total: rows.length, valid, invalid: rows.length - valid, rows };
}

/** All or nothing, in one transaction: a sheet with any bad row imports nothing and answers its checks. */
export async function importGbRecords(db: Db, bus: Bus, user: SessionUser, records: GbRecord[]) {
  const imported = await db.tx(async (tx) => {
    const checked = await checkRecords(tx, user, records);
    const bad = checked.filter((c) => !c.check.ok);
    if (bad.length) {
      const rows = checked.map((c) => c.check);
      throw new AppError(ELEC_GB_ERRORS.importRejected, {
        params: { invalid: String(bad.length) },
        obj: { total: rows.length, valid: rows.length - bad.length, invalid: bad.length, rows },
      });
    }
    await gbBikesQueries.insertMany(
      tx,
      // every row is ok here, so every row's fields are there
      checked.flatMap((c) => (c.fields ? [{ accountId: c.accountId ?? user.accountId, fields: c.fields, token: newDeclareToken() }] : [])),
    );
    return checked.length;
  });
  bus.publish(ELEC_GB_CHANGED, { imported });
  return { total: records.length, imported };
}
