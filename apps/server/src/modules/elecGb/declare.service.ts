import QRCode from 'qrcode';
import {
  COMMON_ERRORS,
  ELEC_GB_ERRORS,
  GB_DECLARATION_STATUSES,
  ID_NUMBER_ERRORS,
  idNumberProblem,
  isMobilePhone,
  type GbDeclaration,
  type GbDeclareForm,
  type GbDeclareSubmit,
} from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import type { Bus } from '../../bus/bus.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { gbBikesQueries } from './gbBikes.queries.ts';
import { stateName, useTypeName } from './gbBikes.presenter.ts';
import { isCommercial, useTypeKey } from './gbFields.ts';
import { declareQueries, type DeclarationRow } from './declare.queries.ts';
import { ELEC_GB_CHANGED } from './gbBikes.service.ts';

/** Where the QR code leads: the public declaration page of the elec-gb app (no login). */
export const DECLARE_PAGE = '/child/elec-gb/declare-form';
export const declareUrl = (origin: string, token: string) => `${origin}${DECLARE_PAGE}?t=${encodeURIComponent(token)}`;

/** The public form takes at most this many submissions (accepted or not) per address in DECLARE_WINDOW_MINUTES. */
export const DECLARE_MAX_PER_WINDOW = 5;
export const DECLARE_WINDOW_MINUTES = 10;

/** A PNG QR code (error correction M, survives a scuffed sticker), `size` pixels square. */
export const qrPng = (text: string, size = 300) =>
  QRCode.toBuffer(text, { type: 'png', width: size, margin: 2, errorCorrectionLevel: 'M' });

/** ABC1234567890 → ABC*******890: enough for the owner to recognise the bike, not to read it off. */
const masked = (s: string) => (s.length <= 6 ? s : `${s.slice(0, 3)}${'*'.repeat(s.length - 6)}${s.slice(-3)}`);

async function bikeOfToken(db: Db, token: string) {
  const bike = await gbBikesQueries.byToken(db, token.trim());
  if (!bike) throw new AppError(ELEC_GB_ERRORS.declareUnknown);
  return bike;
}

export async function declareForm(db: Db, token: string): Promise<GbDeclareForm> {
  const bike = await bikeOfToken(db, token);
  return {
    brand: bike.brand,
    model: bike.model,
    frameNo: masked(bike.frame_no),
    plate: bike.plate,
    state: bike.state,
    stateName: stateName(bike.state),
    pending: (await declareQueries.pendingOf(db, Number(bike.id))) !== undefined,
  };
}

/** The owner's declaration: checked field by field (GB 11643 identity number), rate-limited per address, pending until reviewed. */
export async function submitDeclaration(db: Db, input: GbDeclareSubmit, ip: string) {
  const since = new Date(Date.now() - DECLARE_WINDOW_MINUTES * 60_000);
  if ((await declareQueries.attempt(db, ip, since)) >= DECLARE_MAX_PER_WINDOW) throw new AppError(COMMON_ERRORS.tooManyRequests);
  const bike = await bikeOfToken(db, input.t);
  const ownerName = input.ownerName.trim();
  if (!ownerName) throw new AppError(ELEC_GB_ERRORS.declareFieldMissing, { params: { field: '车主姓名' } });
  const ownerPhone = input.ownerPhone.trim();
  if (!isMobilePhone(ownerPhone)) throw new AppError(ELEC_GB_ERRORS.phoneInvalid);
  const ownerIdNo = input.ownerIdNo.trim().toUpperCase();
  const problem = idNumberProblem(ownerIdNo);
  if (problem) throw new AppError(ID_NUMBER_ERRORS[problem]);
  const useType = useTypeKey(input.useType);
  if (useType === null) throw new AppError(ELEC_GB_ERRORS.useTypeInvalid);
  if (isCommercial(useType) && !input.positioningConsent) throw new AppError(ELEC_GB_ERRORS.consentRequired);
  const plate = (input.plate ?? '').replace(/\s+/g, '').toUpperCase();
  if (plate && (await gbBikesQueries.clashes(db, [], [plate], [], Number(bike.id))).length)
    throw new AppError(ELEC_GB_ERRORS.plateTaken, { params: { plate } });
  const id = await declareQueries.submit(
    db,
    Number(bike.id),
    { ownerName, ownerPhone, ownerIdNo, plate, useType, positioningConsent: input.positioningConsent },
    ip,
  );
  return { declarationId: id, status: 'pending' as const };
}

export function presentDeclaration(d: DeclarationRow): GbDeclaration {
  return {
    declarationId: Number(d.id),
    bikeId: Number(d.bike_id),
    frameNo: d.frame_no,
    brand: d.brand,
    model: d.model,
    ownerName: d.owner_name,
    ownerPhone: d.owner_phone,
    ownerIdNo: d.owner_id_no,
    plate: d.plate,
    useTypeName: useTypeName(d.use_type),
    positioningConsent: d.positioning_consent,
    status: d.status,
    statusName: (GB_DECLARATION_STATUSES as Record<string, string>)[d.status] ?? d.status,
    reviewNote: d.review_note,
    reviewedBy: d.reviewed_by_name ?? '',
    created: d.created_at.getTime(),
    reviewedAt: d.reviewed_at ? d.reviewed_at.getTime() : null,
  };
}

/** Approve: the declared owner, plate and use become the registration's (registered). Reject: a pending registration becomes rejected. */
export async function reviewDeclaration(
  db: Db,
  bus: Bus,
  user: SessionUser,
  id: number,
  approve: boolean,
  note: string,
): Promise<GbDeclaration> {
  const found = await declareQueries.visible(db, scopeParam(user), id);
  if (!found) throw new AppError(ELEC_GB_ERRORS.declarationNotVisible);
  await db.tx(async (tx) => {
    if (!(await declareQueries.review(tx, id, approve ? 'approved' : 'rejected', user.userId, note.trim())))
      throw new AppError(ELEC_GB_ERRORS.declarationReviewed);
    if (approve) {
      if (found.plate && (await gbBikesQueries.clashes(tx, [], [found.plate], [], Number(found.bike_id))).length) {
        throw new AppError(ELEC_GB_ERRORS.plateTaken, { params: { plate: found.plate } });
      }
      await declareQueries.applyToBike(tx, found);
    } else await declareQueries.rejectBike(tx, Number(found.bike_id));
  });
  bus.publish(ELEC_GB_CHANGED, { bikeId: Number(found.bike_id) });
  return presentDeclaration((await declareQueries.visible(db, scopeParam(user), id))!);
}
