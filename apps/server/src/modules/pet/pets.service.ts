import { PET_ERRORS, PET_SEX_NAMES, PET_SPECIES_NAMES, TERMINAL_ERRORS, type PetSaveForm } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { identifierKey } from '../../core/identifiers.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import { terminalsQueries } from '../terminals/terminals.queries.ts';
import { refuseTerminalHeldElsewhere } from '../terminals/assets.ts';
import { petsQueries, type PetProfile, type PetRow } from './pets.queries.ts';
import { checkedPhoto } from './petPhoto.ts';

/**
 * The pet the caller may edit and control (its account subtree); a foreign id is refused exactly
 * like a missing one, and a family member is told sharing is view only.
 */
export async function visiblePet(q: Queryable, user: SessionUser, petId: number): Promise<PetRow> {
  const row = await petsQueries.visible(q, terminalScope(user), petId);
  if (row) return row;
  if (await petsQueries.sharedOne(q, user.userId, petId)) throw new AppError(PET_ERRORS.memberReadOnly);
  throw new AppError(PET_ERRORS.petNotVisible);
}

/** The pet the caller may view: in its subtree, or shared with it as an accepted family member. */
export async function readablePet(q: Queryable, user: SessionUser, petId: number): Promise<PetRow> {
  const own = await petsQueries.visible(q, terminalScope(user), petId);
  if (own) return own;
  const shared = await petsQueries.sharedOne(q, user.userId, petId);
  if (!shared) throw new AppError(PET_ERRORS.petNotVisible);
  return { ...shared, shared: true };
}

/** The caller's pets, then those shared with it (marked shared), each once. */
export async function listPets(q: Queryable, user: SessionUser): Promise<PetRow[]> {
  const own = await petsQueries.list(q, terminalScope(user));
  const ids = new Set(own.map((r) => Number(r.id)));
  const shared = (await petsQueries.sharedWith(q, user.userId)).filter((r) => !ids.has(Number(r.id)));
  return [...own, ...shared.map((r) => ({ ...r, shared: true }))];
}

const clean = (s: string | undefined) => (s ?? '').trim();
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function profileOf(input: PetSaveForm, base?: PetRow): PetProfile {
  const name = clean(input.name);
  if (!name) throw new AppError(PET_ERRORS.nameMissing);
  const species = input.species === undefined ? (base?.species ?? 'dog') : clean(input.species);
  oneOfOrRefuse(PET_SPECIES_NAMES, species, PET_ERRORS.badValue, { params: { field: '种类' } });
  const sex = input.sex === undefined ? (base?.sex ?? 'unknown') : clean(input.sex);
  oneOfOrRefuse(PET_SEX_NAMES, sex, PET_ERRORS.badValue, { params: { field: '性别' } });
  const birthday = input.birthday === undefined ? (base?.birthday ?? null) : clean(input.birthday) || null;
  if (birthday !== null && (!DAY.test(birthday) || Number.isNaN(Date.parse(birthday)) || Date.parse(birthday) > Date.now())) {
    throw new AppError(PET_ERRORS.badValue, { params: { field: '生日' } });
  }
  const microchip = input.microchip === undefined ? (base?.microchip ?? '') : clean(input.microchip);
  if (microchip && !/^[0-9A-Za-z]{9,20}$/.test(microchip)) throw new AppError(PET_ERRORS.badValue, { params: { field: '芯片号' } });
  return {
    name,
    species,
    breed: input.breed === undefined ? (base?.breed ?? '') : clean(input.breed),
    sex,
    birthday,
    weightKg: input.weightKg === undefined ? (base?.weight_kg ?? null) : input.weightKg,
    microchip,
    stepGoal: input.stepGoal ?? base?.step_goal ?? 8000,
  };
}

/** The collar named by IMEI: in the caller's subtree, bound to no other pet. Null for ''. */
async function collarFor(q: Queryable, user: SessionUser, imei: string, petId: number | null): Promise<number | null> {
  if (!imei) return null;
  const [terminal] = await terminalsQueries.visibleByKeys(q, terminalScope(user), [identifierKey(imei)]);
  if (!terminal) throw new AppError(TERMINAL_ERRORS.terminalNotVisible);
  refuseTerminalHeldElsewhere(terminal, 'pets');
  const other = await petsQueries.petOfTerminal(q, terminal.id);
  if (other && Number(other.id) !== petId)
    throw new AppError(PET_ERRORS.collarBound, { params: { terminalId: terminal.identifier, pet: other.name } });
  return terminal.id;
}

/** Creates or updates a pet with its profile, photo and collar, all or nothing. */
export async function savePet(db: Db, user: SessionUser, input: PetSaveForm): Promise<number> {
  const base = input.petId === undefined ? undefined : await visiblePet(db, user, input.petId);
  const profile = profileOf(input, base);
  const photo = input.photo === undefined ? undefined : input.photo === '' ? null : checkedPhoto(input.photo);
  return db.tx(async (q) => {
    const id = base ? Number(base.id) : await petsQueries.insert(q, user.accountId, user.userId, profile);
    if (base) await petsQueries.update(q, id, profile);
    if (photo !== undefined) await petsQueries.setPhoto(q, id, photo);
    if (input.imei !== undefined) await petsQueries.setCollar(q, id, await collarFor(q, user, clean(input.imei), base ? id : null));
    return id;
  });
}
