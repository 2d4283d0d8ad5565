import type { BrandingInfo, CaptchaImage, LoginConfig, LoginForm, LoginResult, ResourceNode, SubSystem, UserInfo } from '@chelian/contracts';
import { get, postForm } from '../request/helpers.ts';

export interface AccountTreeNode {
  accountId: number;
  accountName: string;
  children: AccountTreeNode[];
}

/** Login, session, user and resource calls (spec §7). */
export const authApi = {
  getConfig: () => get<LoginConfig>('/oauthToken/getConfig', undefined, { silent: true }),
  getCode: () => get<CaptchaImage>('/oauth/getCode', undefined, { silent: true }),
  /** Failures are shown by the login screen itself (one toast at a time). */
  login: (form: LoginForm) => postForm<LoginResult>('/oauth/v4/token', { ...form }, { silent: true }),
  sendLoginSms: (phone: string) => postForm<{ expiresInSeconds?: number }>('/oauth/sendLoginSms', { phone }, { silent: true }),
  logout: () => get<unknown>('/oauth/logout', undefined, { silent: true }),
  getUser: (silent = true) => get<UserInfo>('/car/v1/api/user/getUser.json', undefined, { silent }),
  resourceList: () => get<ResourceNode[]>('/car/v1/api/resource/newList.json', { version: 'v4', from: 'carWeb4' }, { silent: true }),
  platforms: () => get<SubSystem[]>('/car/v1/api/platform/getPlatformByRoleId.json', undefined, { silent: true }),
  /** The caller's account and every account below it, nested. */
  customerTree: () => get<AccountTreeNode[]>('/car/v4/api/account/customerTree.json', undefined, { silent: true }),
  branding: (host: string) => get<BrandingInfo>('/car/v1/api/custom/queryCustomInfo.json', { url: host }, { silent: true }),
};
