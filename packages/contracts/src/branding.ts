/** Branding per host name (spec §2, §3, §4): icon, description, keywords, title, and which login screen. */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, Nullable } from './schemas.ts';

const BrandingSchema = Type.Object({
  iconUrl: Type.String(),
  description: Type.String(),
  keyword: Type.String(),
  title: Type.Optional(Type.String()),
  /** this host gets the older login screen */
  legacyLogin: Type.Boolean(),
});
export type BrandingInfo = Static<typeof BrandingSchema>;

/** One host's saved branding as the operators' page (系统管理 › 品牌设置) lists it. */
const BrandingEntrySchema = Type.Object({
  host: Type.String(),
  title: Type.String(),
  iconUrl: Type.String(),
  description: Type.String(),
  keyword: Type.String(),
  legacyLogin: Type.Boolean(),
  /** the account that owns the host; null = the platform's own */
  accountId: Nullable(Type.Integer()),
  accountName: Type.String(),
  updated: Type.Number(),
});
export type BrandingEntry = Static<typeof BrandingEntrySchema>;

/** A host name: letters, digits, dots and hyphens (a full address is cut down to its host). */
const Host = Type.String({ minLength: 1, maxLength: 255 });

const BrandingSaveInput = Type.Object({
  host: Host,
  title: Type.String({ maxLength: 60 }),
  /** '' = the default icon; else an address from uploadIcon (/car/v1/api/custom/icon?id=…) */
  iconUrl: Type.String({ maxLength: 255 }),
  description: Type.String({ maxLength: 500 }),
  keyword: Type.String({ maxLength: 300 }),
  legacyLogin: Type.Boolean(),
  /** the account the host belongs to (inside the caller's subtree); default the caller's */
  accountId: Type.Optional(Id()),
});
export type BrandingSaveInput = Static<typeof BrandingSaveInput>;

/** Largest icon accepted, in bytes. */
export const BRAND_ICON_MAX_BYTES = 256 * 1024;

const base = '/car/v1/api/custom';
const tag = '品牌';

export const brandingEndpoints = {
  /** url: the host (a full address is accepted); without it the request's own host. Unknown hosts get the default. */
  info: endpoint({
    method: 'GET',
    path: '/car/v1/api/custom/queryCustomInfo.json',
    tag,
    summary: '查询品牌信息',
    access: 'public',
    input: Type.Object({ url: Type.Optional(Type.String({ maxLength: 255 })) }),
    answer: BrandingSchema,
  }),
  /** The hosts the caller may manage: a platform administrator every host, anyone else the hosts of its subtree. */
  list: endpoint({
    method: 'GET',
    path: `${base}/list.json`,
    tag,
    summary: '查询品牌设置',
    permission: 'system:branding',
    answer: Type.Array(BrandingEntrySchema),
  }),
  /** Adds or replaces a host's branding. A host owned outside the caller's subtree is refused. */
  save: endpoint({
    method: 'POST',
    path: `${base}/save.json`,
    tag,
    summary: '保存品牌设置',
    permission: 'system:branding:edit',
    encoding: 'json',
    input: BrandingSaveInput,
    answer: Type.Object({ host: Type.String() }),
  }),
  remove: endpoint({
    method: 'POST',
    path: `${base}/delete.json`,
    tag,
    summary: '删除品牌设置',
    permission: 'system:branding:edit',
    input: Type.Object({ host: Host }),
    answer: Type.Object({ host: Type.String() }),
  }),
  /** An icon as base64 (PNG, JPEG, SVG or ICO, checked by content; at most 256 KB). Answers the address it is served from. */
  uploadIcon: endpoint({
    method: 'POST',
    path: `${base}/uploadIcon.json`,
    tag,
    summary: '上传品牌图标',
    permission: 'system:branding:edit',
    encoding: 'json',
    input: Type.Object({ data: Type.String({ minLength: 1, maxLength: 360_000 }) }),
    answer: Type.Object({ id: Type.Integer(), iconUrl: Type.String(), contentType: Type.String() }),
  }),
  /** An uploaded icon, with its content type (public: the login page shows it). */
  icon: endpoint({
    method: 'GET',
    path: `${base}/icon`,
    tag,
    summary: '品牌图标',
    access: 'public',
    input: Type.Object({ id: Id() }),
    produces: 'image',
  }),
};

export const BRANDING_ERRORS = defineErrors('branding', {
  hostInvalid: '域名格式不正确',
  hostTaken: { msg: '该域名已由其他账户设置品牌，无权修改', status: 403 },
  notFound: { msg: '品牌设置不存在或无权访问', status: 404 },
  platformHost: { msg: '平台默认域名只能由平台管理员设置', status: 403 },
  iconNotImage: '图标必须是 PNG、JPEG、SVG 或 ICO 图片',
  iconTooLarge: '图标不能超过 {kb} KB',
  iconScript: 'SVG 图标不能包含脚本或事件属性',
  iconNotFound: { msg: '图标不存在', status: 404 },
});
