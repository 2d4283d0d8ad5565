import {
  ELEC_GB_ERRORS,
  GB_BATTERY_TYPES,
  GB_USE_TYPES,
  ID_NUMBER_ERRORS,
  idNumberProblem,
  isMobilePhone,
  fillErrorText,
  type ErrorEntry,
  type GbBatteryType,
  type GbBikeForm,
  type GbUseType,
} from '@chelian/contracts';
import type { GbBikeFields, GbBikeRow } from './gbBikes.queries.ts';

/** A field's problem: the catalogue entry and its parameters (the API answers the first; an import lists them all). */
export interface FieldProblem {
  error: ErrorEntry;
  params?: Record<string, string>;
}
export const problemText = (p: FieldProblem) => fillErrorText(p.error.msg, p.params);

const clean = (s: string | undefined) => (s ?? '').trim();
const upper = (s: string | undefined) => clean(s).replace(/\s+/g, '').toUpperCase();

/** The fields as written: use and battery type are keys of GB_USE_TYPES and GB_BATTERY_TYPES. */
export type GbFieldsChecked = Omit<GbBikeFields, 'terminalPk' | 'state'>;
/** The fields as read from a form or a sheet, before fieldProblems: a use or battery type that names none is null. */
export type GbFieldsDraft = Omit<GbFieldsChecked, 'useType' | 'batteryType'> & {
  useType: GbUseType | null;
  batteryType: GbBatteryType | null;
};

/** The form's text as stored: trimmed; codes upper-case without spaces; unknown fields keep `base`. */
export function fieldsOf(input: Partial<GbBikeForm>, base?: GbBikeRow): GbFieldsDraft {
  const pick = (value: string | undefined, stored: string | undefined, norm: (s: string | undefined) => string) =>
    value === undefined ? (stored ?? '') : norm(value);
  return {
    bikeCode: pick(input.bikeCode, base?.bike_code, upper),
    plate: pick(input.plate, base?.plate, upper),
    frameNo: pick(input.frameNo, base?.frame_no, upper),
    motorNo: pick(input.motorNo, base?.motor_no, upper),
    brand: pick(input.brand, base?.brand, clean),
    model: pick(input.model, base?.model, clean),
    cccCert: pick(input.cccCert, base?.ccc_cert, upper),
    batteryType: input.batteryType === undefined ? (base?.battery_type ?? 'lithium') : batteryTypeKey(input.batteryType),
    batteryCapacity: input.batteryCapacity ?? base?.battery_capacity ?? null,
    batteryVoltage: input.batteryVoltage ?? base?.battery_voltage ?? null,
    batteryCode: pick(input.batteryCode, base?.battery_code, upper),
    chargerCode: pick(input.chargerCode, base?.charger_code, upper),
    iccid: pick(input.iccid, base?.iccid, upper),
    ownerName: pick(input.ownerName, base?.owner_name, clean),
    ownerPhone: pick(input.ownerPhone, base?.owner_phone, upper),
    ownerIdNo: pick(input.ownerIdNo, base?.owner_id_no, upper),
    useType: input.useType === undefined ? (base?.use_type ?? 'personal') : useTypeKey(input.useType),
    positioningConsent: input.positioningConsent ?? base?.positioning_consent ?? false,
  };
}

const keys = <K extends string>(names: Readonly<Record<K, string>>) => Object.entries(names) as [K, string][];

/** A key or its Chinese name ('' = the default); null when the text names none (refused by fieldProblems). */
export function useTypeKey(text: string | undefined): GbUseType | null {
  const t = clean(text);
  if (t === '') return 'personal';
  return keys(GB_USE_TYPES).find(([k, name]) => t === k || t === name)?.[0] ?? null;
}
export function batteryTypeKey(text: string | undefined): GbBatteryType | null {
  const t = clean(text);
  if (t === '') return 'lithium';
  return keys(GB_BATTERY_TYPES).find(([k, name]) => t === k || t === name || `${t}电池` === name)?.[0] ?? null;
}

export const FRAME_NO = /^[A-Z0-9]{6,30}$/;

/** Everything wrong with the fields themselves (clashes with other bikes are checked against storage). */
export function fieldProblems(f: GbFieldsDraft): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (f.frameNo === '') out.push({ error: ELEC_GB_ERRORS.frameNoMissing });
  else if (!FRAME_NO.test(f.frameNo)) out.push({ error: ELEC_GB_ERRORS.frameNoInvalid });
  if (f.ownerIdNo !== '') {
    const problem = idNumberProblem(f.ownerIdNo);
    if (problem) out.push({ error: ID_NUMBER_ERRORS[problem] });
  }
  if (f.ownerPhone !== '' && !isMobilePhone(f.ownerPhone)) out.push({ error: ELEC_GB_ERRORS.phoneInvalid });
  if (f.useType === null) out.push({ error: ELEC_GB_ERRORS.useTypeInvalid });
  if (f.batteryType === null) out.push({ error: ELEC_GB_ERRORS.batteryTypeInvalid });
  return out;
}

/** The draft checked: its first problem (for the API to answer), or the fields to write. */
export function checkFields(f: GbFieldsDraft): { problem: FieldProblem } | { fields: GbFieldsChecked } {
  const [problem] = fieldProblems(f);
  if (problem) return { problem };
  // fieldProblems refuses a type that named none
  return { fields: { ...f, useType: f.useType!, batteryType: f.batteryType! } };
}

/** Commercial use (logistics, rental) makes the BeiDou module mandatory (GB 17761-2024 6.6). */
export const isCommercial = (useType: GbUseType) => useType === 'logistics' || useType === 'rental';

/** What keeps a registration from being compliant, in Chinese (empty = compliant). */
export function complianceIssues(
  b: Pick<
    GbBikeRow,
    'state' | 'use_type' | 'terminal_pk' | 'positioning_consent' | 'ccc_cert' | 'battery_type' | 'battery_voltage' | 'owner_id_no'
  >,
): string[] {
  const out: string[] = [];
  if (b.state === 'pending') out.push('备案待审核');
  if (b.state === 'rejected') out.push('备案已驳回');
  if (isCommercial(b.use_type) && b.terminal_pk === null) out.push('商用车辆须安装北斗定位模块');
  if (b.terminal_pk !== null && !b.positioning_consent) out.push('未取得车主定位授权');
  if (b.ccc_cert === '') out.push('缺少CCC认证证书编号');
  if (b.battery_type === 'lithium' && b.battery_voltage !== null && b.battery_voltage > 60)
    out.push('锂离子电池标称电压超过60V（GB 43854-2024）');
  if (b.owner_id_no === '') out.push('缺少车主身份证号');
  return out;
}
