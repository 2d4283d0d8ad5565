import { PET_ERRORS, PET_PHOTO_MAX_BYTES } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';

/** The image type the bytes themselves say (not what the data URL claims), or null. */
export function imageTypeOf(bytes: Buffer): 'image/png' | 'image/jpeg' | 'image/webp' | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  return null;
}

/** A data URL checked by content and size, rewritten with the type its bytes have. */
export function checkedPhoto(dataUrl: string): string {
  const m = /^data:[\w/+.-]*;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl);
  if (!m) throw new AppError(PET_ERRORS.photoType);
  const bytes = Buffer.from(m[1]!, 'base64');
  if (bytes.length > PET_PHOTO_MAX_BYTES) throw new AppError(PET_ERRORS.photoTooLarge, { params: { kb: PET_PHOTO_MAX_BYTES / 1024 } });
  const type = imageTypeOf(bytes);
  if (!type) throw new AppError(PET_ERRORS.photoType);
  return `data:${type};base64,${bytes.toString('base64')}`;
}
