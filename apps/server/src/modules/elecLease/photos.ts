import { ELEC_LEASE_ERRORS, LEASE_PHOTO_MAX_BYTES } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';

const starts = (b: Uint8Array, sig: number[], at = 0) => sig.every((x, i) => b[at + i] === x);

/** An inspection photo's type by its content (the name and the browser's claim are not trusted). */
export function photoType(bytes: Uint8Array): string | null {
  if (starts(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(bytes, [0x52, 0x49, 0x46, 0x46]) && starts(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/** Checks a photo: JPEG, PNG or WebP by content, at most LEASE_PHOTO_MAX_BYTES. */
export function checkedPhoto(bytes: Uint8Array): { contentType: string; bytes: Uint8Array } {
  if (bytes.length === 0) throw new AppError(ELEC_LEASE_ERRORS.photoMissing);
  if (bytes.length > LEASE_PHOTO_MAX_BYTES)
    throw new AppError(ELEC_LEASE_ERRORS.photoTooLarge, { params: { mb: LEASE_PHOTO_MAX_BYTES / 1024 / 1024 } });
  const contentType = photoType(bytes);
  if (!contentType) throw new AppError(ELEC_LEASE_ERRORS.photoType);
  return { contentType, bytes };
}
