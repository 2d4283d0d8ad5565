import { ID_NUMBER_PROBLEM_ZH, idNumberProblem, type LeaseVerifyStatus } from '@chelian/contracts';

/** What an identity provider said about a rider's name and ID number. */
export interface IdentityVerdict {
  /** passed: the national check matched; formatChecked: only the number's format was checked; failed: refused */
  status: LeaseVerifyStatus;
  note: string;
}

/**
 * The real-name check. Shanghai's shared-bike rules have the platform check the ID number and
 * name against the national citizen database; such a check is a contract with a provider (a
 * bank-card or public-security data service), so it sits behind this interface. The operator's
 * deployment plugs its provider in through `setIdentityVerifier`.
 */
export interface IdentityVerifier {
  readonly name: string;
  verify(name: string, idNumber: string): Promise<IdentityVerdict>;
}

/**
 * The implementation shipped: checks the format only (GB 11643 check digit and birth date, a name
 * of 2–20 Chinese characters) and says so — riders show 已校验格式, not 已实名.
 */
export const localIdentityVerifier: IdentityVerifier = {
  name: '本地格式校验',
  async verify(name, idNumber) {
    const problem = idNumberProblem(idNumber);
    if (problem) return { status: 'failed', note: ID_NUMBER_PROBLEM_ZH[problem] };
    if (!RIDER_NAME.test(name)) return { status: 'failed', note: '姓名应为2–20个汉字' };
    return { status: 'formatChecked', note: '身份证号格式与校验位正确（未接入全国公民身份核查）' };
  },
};

/** A Chinese name, with the middle dot of minority names (阿卜杜·热合曼). */
export const RIDER_NAME = /^[\u4e00-\u9fa5][\u4e00-\u9fa5·]{0,18}[\u4e00-\u9fa5]$/;

let current: IdentityVerifier = localIdentityVerifier;
export const identityVerifier = () => current;
export function setIdentityVerifier(v: IdentityVerifier) {
  current = v;
}
