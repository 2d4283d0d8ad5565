import type { UserInfo, ThemeName } from '@chelian/contracts';
import { THEME_NAMES } from '@chelian/contracts';
import type { UserInfoRow } from './accounts.queries.ts';

/** 13800138000 → 138****8000: full numbers never leave the server in user payloads. */
export function maskPhone(phone: string): string {
  if (!phone) return '';
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

export function presentUser(row: UserInfoRow): UserInfo {
  return {
    userId: row.id,
    username: row.username,
    name: row.name || row.username,
    accountId: row.account_id,
    accountName: row.account_name,
    roleId: row.role_id,
    roleName: row.role_name,
    phone: maskPhone(row.phone),
    phoneBound: row.phone !== '',
    wxBound: row.wx_openid !== '',
    email: row.email,
    chatLogo: row.chat_logo,
    theme: (THEME_NAMES as readonly string[]).includes(row.theme) ? (row.theme as ThemeName) : 'default',
    privacy: row.privacy,
    isPlatformAdmin: row.is_platform_admin,
    lastLoginAt: row.last_login_at ? row.last_login_at.getTime() : null,
  };
}
