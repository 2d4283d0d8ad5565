/** Login, session and user contracts (spec §3, §4, §7; issue 2 item 4). */

/** GET /oauthToken/getConfig → obj */
export interface LoginConfig {
  /** RSA public key (PEM, SPKI) used to encrypt the password with PKCS#1 v1.5 (JSEncrypt). */
  publicKey: string;
  smsLoginEnabled: boolean;
  /** Failures for one username after which an image captcha is required. */
  captchaAfterFailures: number;
}

/** GET /oauth/getCode → obj: an SVG captcha, single use, valid 5 minutes. */
export interface CaptchaImage {
  codeKey: string;
  /** data:image/svg+xml;base64,… */
  image: string;
  expiresInSeconds: number;
}

/**
 * POST /oauth/v4/token (form): username + password (base64 RSA PKCS#1 v1.5 ciphertext),
 * optional code + codeKey; or phone + smsCode.
 */
export interface LoginForm {
  username?: string;
  password?: string;
  code?: string;
  codeKey?: string;
  phone?: string;
  smsCode?: string;
}

/** Success obj. A failure that now needs a captcha has flag 0, msg containing 验证码 and obj { captchaRequired: true }. */
export interface LoginResult {
  sessionId: string;
  userId: number;
}

export interface LoginFailure {
  captchaRequired: boolean;
  locked?: boolean;
}

/** GET /car/v1/api/user/getUser.json → obj */
export interface UserInfo {
  userId: number;
  username: string;
  name: string;
  accountId: number;
  accountName: string;
  roleId: number;
  roleName: string;
  /** masked, e.g. 138****8000, or '' */
  phone: string;
  phoneBound: boolean;
  wxBound: boolean;
  email: string;
  chatLogo: string;
  theme: ThemeName;
  privacy: PrivacySettings;
  isPlatformAdmin: boolean;
  lastLoginAt: number | null;
}

export type ThemeName = 'default' | 'origin' | 'blue' | 'green';
export const THEME_NAMES: readonly ThemeName[] = ['default', 'origin', 'blue', 'green'];

export interface PrivacySettings {
  /** show full phone numbers of drivers to sub-accounts */
  showPhone: boolean;
  /** share location data with the dealer account above */
  shareLocation: boolean;
  /** allow the assistant to read the user's fleet data */
  allowAssistant: boolean;
}

/** Resource tree node (spec §3): type 3 = button permission, anything else a menu item. */
export interface ResourceNode {
  id: number;
  name: string;
  type: number;
  /** permission key, e.g. 'car:command:send' (button) or 'car:monitor' (menu) */
  code: string;
  path: string;
  icon: string;
  platformId: number;
  parentId: number;
  sort: number;
  children: ResourceNode[];
}

export const RESOURCE_TYPE_BUTTON = 3;
export const RESOURCE_TYPE_MENU = 1;
export const RESOURCE_TYPE_GROUP = 0;

/** GET /car/v1/api/custom/queryCustomInfo.json?url=<host> → obj */
export interface BrandingInfo {
  iconUrl: string;
  description: string;
  keyword: string;
  title?: string;
  /** this host gets the older login screen */
  legacyLogin: boolean;
}

/** GET /runtime-config.js sets window.__CHELIAN_CONFIG__ to this. */
export interface RuntimeConfig {
  baseUrl: string;
  systemName: string;
  aiBaseUrl: string;
  aiScriptUrl: string;
  /** tile source for maps; '' = the offline basemap shipped with the project */
  tileUrl: string;
  tileCoordSystem: 'wgs84' | 'gcj02';
}
