import { BRANDING_ERRORS, COMMON_ERRORS, type BrandingEntry, type BrandingInfo, type BrandingSaveInput } from '@chelian/contracts';
import { pathInScope } from '../../core/accountScope.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import { adminQueries } from '../accounts/admin.queries.ts';
import { checkBrandIcon } from './brandIcon.ts';
import { brandingQueries, type BrandingEntryRow } from './branding.queries.ts';

export const DEFAULT_BRANDING: BrandingInfo = {
  iconUrl: '/favicon.svg',
  description: '车联 — 车辆与资产定位管理平台：实时监控、轨迹回放、报警处理、指令下发与数据报表',
  keyword: '车联网,GPS定位,车辆监控,轨迹回放,电子围栏,电动车防盗',
  title: '车联智能管理平台',
  legacyLogin: false,
};

/** Where an uploaded icon is served from. */
export const iconUrlOf = (id: number) => `/car/v1/api/custom/icon?id=${id}`;
const ICON_URL = /^\/car\/v1\/api\/custom\/icon\?id=(\d{1,15})$/;

/** 'Demo.Example.com:8080/' → 'demo.example.com' */
export function normalizeHost(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '');
}
const HOST = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** The host's row, its empty fields from the default; an unknown host gets the default. */
export async function brandingOf(db: Db, url: string): Promise<BrandingInfo> {
  const host = normalizeHost(url);
  const row = host ? await brandingQueries.byHost(db, host) : undefined;
  if (!row) return DEFAULT_BRANDING;
  return {
    iconUrl: row.icon_url || DEFAULT_BRANDING.iconUrl,
    description: row.description || DEFAULT_BRANDING.description,
    keyword: row.keyword || DEFAULT_BRANDING.keyword,
    title: row.title || DEFAULT_BRANDING.title,
    legacyLogin: row.legacy_login,
  };
}

export const presentBrandingEntry = (r: BrandingEntryRow): BrandingEntry => ({
  host: r.host,
  title: r.title,
  iconUrl: r.icon_url,
  description: r.description,
  keyword: r.keyword,
  legacyLogin: r.legacy_login,
  accountId: r.account_id,
  accountName: r.account_name ?? '平台',
  updated: r.updated_at.getTime(),
});

/** A host's fields as the audit log shows them before and after a change. */
const auditedFields = (r: BrandingEntryRow) => ({
  host: r.host,
  accountId: r.account_id,
  iconUrl: r.icon_url,
  title: r.title,
  description: r.description,
  keyword: r.keyword,
  legacyLogin: r.legacy_login,
});

/**
 * 品牌设置 for operators (decisions.md, "Branding per host"): a platform administrator manages every
 * host; any other account with the edit button manages the hosts owned inside its subtree and may
 * claim a host nobody has branded yet. The platform's own hosts (no owner) stay the administrator's.
 */
export class BrandingService {
  constructor(private readonly db: Db) {}

  entries(user: SessionUser) {
    return brandingQueries.entries(this.db, user.isPlatformAdmin ? null : user.accountPath);
  }

  /** The host's row when the caller may change it; undefined when nobody has branded it yet. */
  private async ownedEntry(user: SessionUser, host: string) {
    const row = await brandingQueries.entry(this.db, host);
    if (!row || user.isPlatformAdmin) return row;
    if (row.account_id === null) throw new AppError(BRANDING_ERRORS.platformHost);
    if (!row.account_path || !pathInScope(user, row.account_path)) throw new AppError(BRANDING_ERRORS.hostTaken);
    return row;
  }

  private hostOf(raw: string) {
    const host = normalizeHost(raw);
    if (!HOST.test(host)) throw new AppError(BRANDING_ERRORS.hostInvalid);
    return host;
  }

  async save(user: SessionUser, input: BrandingSaveInput) {
    const host = this.hostOf(input.host);
    const existing = await this.ownedEntry(user, host);
    let accountId: number | null;
    if (input.accountId !== undefined) {
      const account = await adminQueries.accountInScope(this.db, user.accountPath, input.accountId);
      if (!account) throw new AppError(COMMON_ERRORS.notFound);
      accountId = account.id;
    } else {
      accountId = existing ? existing.account_id : user.isPlatformAdmin ? null : user.accountId;
    }
    const iconUrl = input.iconUrl.trim();
    if (iconUrl) await this.checkIconUrl(user, iconUrl);
    const after = {
      host,
      accountId,
      iconUrl,
      title: input.title.trim(),
      description: input.description.trim(),
      keyword: input.keyword.trim(),
      legacyLogin: input.legacyLogin,
    };
    await brandingQueries.upsert(this.db, after);
    return { host, before: existing ? auditedFields(existing) : null, after };
  }

  async remove(user: SessionUser, rawHost: string) {
    const host = normalizeHost(rawHost);
    const row = await this.ownedEntry(user, host);
    if (!row) throw new AppError(BRANDING_ERRORS.notFound);
    await brandingQueries.remove(this.db, host);
    return { host, before: auditedFields(row) };
  }

  /** An icon address must be the default (empty) or an icon uploaded inside the caller's subtree. */
  private async checkIconUrl(user: SessionUser, url: string) {
    const id = ICON_URL.exec(url)?.[1];
    const icon = id ? await brandingQueries.icon(this.db, Number(id)) : undefined;
    if (!icon || (!user.isPlatformAdmin && !pathInScope(user, icon.account_path))) throw new AppError(BRANDING_ERRORS.iconNotFound);
  }

  async uploadIcon(user: SessionUser, data: string) {
    const icon = checkBrandIcon(data);
    const id = await brandingQueries.insertIcon(this.db, user.accountId, icon.contentType, icon.bytes);
    return { id, iconUrl: iconUrlOf(id), contentType: icon.contentType };
  }

  async icon(id: number) {
    const icon = await brandingQueries.icon(this.db, id);
    if (!icon) throw new AppError(BRANDING_ERRORS.iconNotFound);
    return { contentType: icon.content_type, bytes: Buffer.from(icon.bytes) };
  }
}
