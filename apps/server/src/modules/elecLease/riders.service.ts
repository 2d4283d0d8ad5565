import {
  ELEC_LEASE_ERRORS,
  ID_NUMBER_PROBLEM_ZH,
  idNumberProblem,
  isMobilePhone,
  type InputOf,
  type elecLeaseEndpoints,
} from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { AppError } from '../../http/errors.ts';
import { identityVerifier, RIDER_NAME } from './identity.ts';
import { ridersQueries, type RiderRow } from './riders.queries.ts';
import { clean, found } from './rowHelpers.ts';

export const visibleRider = async (db: Db, user: SessionUser, id: number): Promise<RiderRow> =>
  found(await ridersQueries.visible(db, user.accountPath, id));

type RiderForm = InputOf<typeof elecLeaseEndpoints.saveRider>;

/**
 * Registers or edits a rider: the name and ID number are checked here (GB 11643 check digit), then
 * by the identity provider (the national check where one is plugged in); a refusal stores nothing.
 */
export async function saveRider(db: Db, user: SessionUser, input: RiderForm): Promise<number> {
  const existing = input.riderId === undefined ? null : await visibleRider(db, user, input.riderId);
  const name = clean(input.name);
  const idNumber = clean(input.idNumber).toUpperCase() || existing?.id_number || '';
  const phone = clean(input.phone);
  const emergencyPhone = clean(input.emergencyPhone);
  if (!RIDER_NAME.test(name)) throw new AppError(ELEC_LEASE_ERRORS.nameInvalid);
  const problem = idNumberProblem(idNumber);
  if (problem) throw new AppError(ELEC_LEASE_ERRORS.idNumberInvalid, { params: { reason: ID_NUMBER_PROBLEM_ZH[problem] } });
  if (!isMobilePhone(phone)) throw new AppError(ELEC_LEASE_ERRORS.phoneInvalid, { params: { field: '手机号' } });
  if (emergencyPhone && !isMobilePhone(emergencyPhone))
    throw new AppError(ELEC_LEASE_ERRORS.phoneInvalid, { params: { field: '紧急联系人电话' } });
  const accountId = existing?.account_id ?? user.accountId;
  const twin = await ridersQueries.byIdNumber(db, accountId, idNumber);
  if (twin && Number(twin.id) !== existing?.id)
    throw new AppError(ELEC_LEASE_ERRORS.riderExists, { params: { idNumber, name: twin.name } });
  const verdict =
    existing && existing.id_number === idNumber && existing.name === name
      ? { status: existing.verify_status, note: existing.verify_note }
      : await identityVerifier().verify(name, idNumber);
  if (verdict.status === 'failed') throw new AppError(ELEC_LEASE_ERRORS.identityRejected, { params: { reason: verdict.note } });
  const fields = {
    name,
    idNumber,
    phone,
    emergencyName: clean(input.emergencyName),
    emergencyPhone,
    verifyStatus: verdict.status,
    verifyNote: verdict.note,
  };
  if (existing) {
    await ridersQueries.update(db, existing.id, fields);
    return existing.id;
  }
  return ridersQueries.insert(db, accountId, fields);
}

/** A rider with an open contract is never deleted; one with past contracts neither (the bills refer to them). */
export async function deleteRider(db: Db, user: SessionUser, id: number): Promise<void> {
  const rider = await visibleRider(db, user, id);
  const open = await ridersQueries.openContract(db, rider.id);
  if (open) throw new AppError(ELEC_LEASE_ERRORS.riderHasOpenContract, { params: { name: rider.name, contractNo: open.contract_no } });
  if ((await ridersQueries.contractCount(db, rider.id)) > 0)
    throw new AppError(ELEC_LEASE_ERRORS.riderHasContracts, { params: { name: rider.name } });
  await ridersQueries.delete(db, rider.id);
}
