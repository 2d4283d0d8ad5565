/** The batch import of terminals and vehicles from a sheet: a row's check, the verdict, the result. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { Short } from './fleetFields.ts';
import { Id } from './schemas.ts';

/** One row of an import file as checked: `errors` in Chinese, empty when ok. */
export const ImportRowCheckSchema = Type.Object({
  /** the row's number in the sheet (header = 1) */
  row: Type.Integer(),
  terminalId: Type.String(),
  plate: Type.String(),
  ok: Type.Boolean(),
  errors: Type.Array(Type.String()),
});
export type ImportRowCheck = Static<typeof ImportRowCheckSchema>;

/** vehicleVerify's answer, and the `obj` of a refused import (all or nothing). */
export const ImportVerifySchema = Type.Object({
  total: Type.Integer(),
  valid: Type.Integer(),
  invalid: Type.Integer(),
  rows: Type.Array(ImportRowCheckSchema),
});
export type ImportVerifyResult = Static<typeof ImportVerifySchema>;

export const ImportResultSchema = Type.Object({
  /** data rows in the file */
  total: Type.Integer(),
  /** terminals registered or taken into the account */
  terminals: Type.Integer(),
  /** vehicles created */
  vehicles: Type.Integer(),
});
export type ImportResult = Static<typeof ImportResultSchema>;

/** Fields (or query parameters) beside an uploaded sheet. */
export const ImportOptionsQuery = Type.Object({ accountId: Type.Optional(Id()), protocol: Short(16) });
