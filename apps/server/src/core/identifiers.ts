/** Terminal identifiers: what each protocol sends, and the one key every lookup uses. */
// The file alone, not the package's index: the gateway loads this and none of the endpoint schemas.
import { PROTOCOL_NAMES, PROTOCOLS, type Protocol } from '@chelian/contracts/protocolNames.ts';

export { PROTOCOLS };
export type TerminalProtocol = Protocol;
export const PROTOCOL_NAMES_ZH: Readonly<Record<TerminalProtocol, string>> = PROTOCOL_NAMES;

export function isProtocol(value: string): value is TerminalProtocol {
  return (PROTOCOLS as readonly string[]).includes(value);
}

/** '013800138000' and '13800138000' are one terminal: the key drops leading zeros. */
export function identifierKey(identifier: string): string {
  const trimmed = identifier.trim().replace(/^0+/, '');
  return trimmed === '' && identifier.trim() !== '' ? '0' : trimmed;
}

export type Normalized = { ok: true; identifier: string } | { ok: false; msg: string };

/**
 * The identifier as the terminal itself will send it. JT/T 808 carries the phone number as BCD
 * digits, 12 (2011/2013) or 20 (2019), left-padded with zeros; GT06 and H02 send the 15-digit IMEI
 * (GT06 as 16 BCD digits with a leading zero; some H02 firmware uses a 10-digit id); watches
 * (the watch protocol) their 10-digit id, or the IMEI.
 */
export function normalizeIdentifier(protocol: TerminalProtocol, raw: string): Normalized {
  const digits = raw.trim();
  if (!/^\d+$/.test(digits)) return { ok: false, msg: '设备号只能包含数字' };
  if (protocol === 'jt808') {
    if (digits.length > 20) return { ok: false, msg: 'JT/T 808 设备号（终端手机号）最多20位数字' };
    if (identifierKey(digits).length < 6) return { ok: false, msg: 'JT/T 808 设备号（终端手机号）至少6位有效数字' };
    return { ok: true, identifier: digits.padStart(digits.length <= 12 ? 12 : 20, '0') };
  }
  const imei = digits.length === 16 && digits.startsWith('0') ? digits.slice(1) : digits;
  if (protocol === 'gt06' && imei.length !== 15) return { ok: false, msg: 'GT06 设备号应为15位IMEI' };
  if (protocol === 'h02' && (imei.length < 10 || imei.length > 15)) return { ok: false, msg: 'H02 设备号应为15位IMEI（或10位设备ID）' };
  // Watches, badges and collars send the 10-digit id printed on them (from the IMEI), some the 15-digit IMEI.
  if (protocol === 'watch' && (digits.length < 10 || digits.length > 15))
    return { ok: false, msg: '手表协议设备号应为10位设备ID（或15位IMEI）' };
  if (protocol === 'watch') return { ok: true, identifier: digits };
  return { ok: true, identifier: imei };
}
