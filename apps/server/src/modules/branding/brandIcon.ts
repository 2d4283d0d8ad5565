import { BRAND_ICON_MAX_BYTES, BRANDING_ERRORS } from '@chelian/contracts';
import { AppError } from '../../http/errors.ts';

export interface CheckedIcon {
  contentType: string;
  bytes: Buffer;
}

const startsWith = (b: Buffer, sig: number[]) => sig.every((v, i) => b[i] === v);

// Anything in an SVG that runs or loads something: scripts, event attributes, javascript: and
// data: addresses, embedded HTML, external references. Such an icon is refused, not repaired.
const SVG_ACTIVE =
  /<\s*script|<\s*foreignObject|<\s*iframe|<\s*embed|<\s*object|\son[a-z]+\s*=|javascript:|data:text\/html|<!ENTITY|href\s*=\s*["']?\s*(?!#)[a-z]+:/i;

/**
 * The icon's bytes from base64 (a data: address is accepted), checked by content rather than by
 * name: PNG, JPEG and ICO by their magic bytes, SVG by its root element and without anything active.
 */
export function checkBrandIcon(data: string): CheckedIcon {
  const bytes = Buffer.from(data.replace(/^data:[^,]*,/, ''), 'base64');
  if (bytes.length > BRAND_ICON_MAX_BYTES)
    throw new AppError(BRANDING_ERRORS.iconTooLarge, { params: { kb: BRAND_ICON_MAX_BYTES / 1024 } });
  if (bytes.length < 4) throw new AppError(BRANDING_ERRORS.iconNotImage);
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { contentType: 'image/png', bytes };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', bytes };
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0x00])) return { contentType: 'image/x-icon', bytes };
  const text = bytes.toString('utf8');
  // An SVG opens, after an optional BOM, XML declaration, comments or doctype, with <svg.
  const prologue = text.replace(/^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>[]*>)\s*)*/i, '');
  if (!/^<svg[\s>]/i.test(prologue) || text.includes('\uFFFD')) throw new AppError(BRANDING_ERRORS.iconNotImage);
  if (SVG_ACTIVE.test(text)) throw new AppError(BRANDING_ERRORS.iconScript);
  return { contentType: 'image/svg+xml', bytes };
}
