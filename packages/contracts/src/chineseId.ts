/**
 * The 18-character citizen identity number of GB 11643-1999: 6-digit area code, birth date
 * YYYYMMDD, 3-digit sequence, and a check character — ISO 7064 MOD 11-2: the sum of each of the
 * first 17 digits times its weight (2^(17-i) mod 11), mod 11, indexes "10X98765432".
 */
const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

export type IdNumberProblem = 'length' | 'chars' | 'birthDate' | 'checkDigit';

/** The check character the first 17 digits call for. */
export function idCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11]!;
}

/** Why an identity number is not valid, or null when it is (a lower-case x is accepted). */
export function idNumberProblem(text: string): IdNumberProblem | null {
  const id = text.trim().toUpperCase();
  if (id.length !== 18) return 'length';
  if (!/^\d{17}[\dX]$/.test(id)) return 'chars';
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const born = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || born.getUTCFullYear() !== y || born.getUTCMonth() !== m - 1 || born.getUTCDate() !== d || born.getTime() > Date.now())
    return 'birthDate';
  return idCheckChar(id) === id[17] ? null : 'checkDigit';
}

export const ID_NUMBER_PROBLEM_ZH: Record<IdNumberProblem, string> = {
  length: '身份证号应为18位',
  chars: '身份证号应为17位数字加1位数字或X',
  birthDate: '身份证号中的出生日期无效',
  checkDigit: '身份证号校验位不正确',
};

/** A mainland mobile number: 11 digits starting 13–19. */
export const isMobilePhone = (text: string) => /^1[3-9]\d{9}$/.test(text.trim());
