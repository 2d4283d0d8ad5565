import { randomBytes } from 'node:crypto';
import { ELEC_GB_ERRORS, TERMINAL_ERRORS, type GbBikeForm, type GbBikeUpdateForm, type GbState } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { terminalsQueries } from '../terminals/terminals.queries.ts';
import { refuseTerminalHeldElsewhere } from '../terminals/assets.ts';
import { gbBikesQueries, type GbBikeFields, type GbBikeRow } from './gbBikes.queries.ts';
import { checkFields, fieldsOf } from './gbFields.ts';

/** Published when registrations change: the GB alarm engine reloads which terminals it watches. */
export const ELEC_GB_CHANGED = 'elecGb.changed';

/** What the QR code carries: 16 characters of randomness, so forms cannot be walked by guessing. */
export const newDeclareToken = () => randomBytes(12).toString('base64url');

/** The registration if the caller may see it; a foreign id is refused exactly like a missing one. */
export async function visibleGbBike(q: Queryable, user: SessionUser, bikeId: number): Promise<GbBikeRow> {
  const row = await gbBikesQueries.visible(q, scopeParam(user), bikeId);
  if (!row) throw new AppError(ELEC_GB_ERRORS.bikeNotVisible);
  return row;
}

/** The module named by IMEI, in the caller's subtree (a foreign or unknown one answers like a missing one); '' = none. */
async function moduleOf(q: Queryable, user: SessionUser, imei: string) {
  if (imei === '') return null;
  const [terminal] = await terminalsQueries.visibleByKeys(q, terminalScope(user), [identifierKey(imei)]);
  if (!terminal) throw new AppError(TERMINAL_ERRORS.terminalNotVisible);
  refuseTerminalHeldElsewhere(terminal, 'gbBikes');
  return terminal;
}

/** Checks fields and clashes (frame number, plate, module) with other registrations; throws the first problem. */
async function checked(q: Queryable, user: SessionUser, input: Partial<GbBikeForm>, base?: GbBikeRow) {
  const draft = checkFields(fieldsOf(input, base));
  if ('problem' in draft) throw new AppError(draft.problem.error, { params: draft.problem.params });
  const { fields } = draft;
  const imei = input.terminalId === undefined ? (base?.identifier ?? '') : input.terminalId.trim();
  const terminal = await moduleOf(q, user, imei);
  const clashes = await gbBikesQueries.clashes(
    q,
    [fields.frameNo],
    fields.plate ? [fields.plate] : [],
    terminal ? [Number(terminal.id)] : [],
    base ? Number(base.id) : 0,
  );
  for (const c of clashes) {
    if (c.frame_no === fields.frameNo) throw new AppError(ELEC_GB_ERRORS.frameNoTaken, { params: { frameNo: fields.frameNo } });
    if (fields.plate && c.plate === fields.plate) throw new AppError(ELEC_GB_ERRORS.plateTaken, { params: { plate: fields.plate } });
    throw new AppError(ELEC_GB_ERRORS.terminalBound, { params: { terminalId: terminal!.identifier, frameNo: c.frame_no } });
  }
  return { fields, terminal };
}

/** Registered once the owner is known (name and identity number); until then pending, awaiting the owner's declaration. */
export const stateFor = (f: Pick<GbBikeFields, 'ownerName' | 'ownerIdNo'>, before?: GbState): GbState =>
  before === 'registered' || (f.ownerName !== '' && f.ownerIdNo !== '') ? 'registered' : (before ?? 'pending');

/** A new registration by an operator. */
export async function addGbBike(db: Db, bus: Bus, user: SessionUser, input: GbBikeForm): Promise<number> {
  const { fields, terminal } = await checked(db, user, input);
  const row: GbBikeFields = { ...fields, terminalPk: terminal ? Number(terminal.id) : null, state: stateFor(fields) };
  const id = await gbBikesQueries.insert(db, terminal?.account_id ?? user.accountId, row, newDeclareToken());
  bus.publish(ELEC_GB_CHANGED, { bikeId: id });
  return id;
}

export async function updateGbBike(db: Db, bus: Bus, user: SessionUser, input: GbBikeUpdateForm): Promise<GbBikeRow> {
  const before = await visibleGbBike(db, user, input.bikeId);
  const { fields, terminal } = await checked(db, user, input, before);
  await gbBikesQueries.update(db, before.id, {
    ...fields,
    terminalPk: terminal ? Number(terminal.id) : null,
    state: stateFor(fields, before.state),
  });
  bus.publish(ELEC_GB_CHANGED, { bikeId: before.id });
  return before;
}

/** Deletes registrations the caller sees; a registered bike with its module bound must be unbound first. */
export async function deleteGbBikes(db: Db, bus: Bus, user: SessionUser, ids: number[]): Promise<number> {
  const rows = await gbBikesQueries.visibleMany(db, scopeParam(user), ids);
  if (rows.length !== new Set(ids).size) throw new AppError(ELEC_GB_ERRORS.bikeNotVisible);
  const bound = rows.find((r) => r.state === 'registered' && r.terminal_pk !== null);
  if (bound) throw new AppError(ELEC_GB_ERRORS.deleteBound, { params: { frameNo: bound.frame_no } });
  const deleted = await gbBikesQueries.delete(db, ids);
  bus.publish(ELEC_GB_CHANGED, { bikeIds: ids });
  return deleted.length;
}
