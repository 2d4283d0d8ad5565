/** Dictionaries, the caller's account status and the system's information (spec §3, §7). */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { OneOfChecked, StringRecord } from './schemas.ts';

/** The dictionaries there are: the server seeds each of them at start (dictionary.seed.ts), and nothing else writes the table. */
export const DICTIONARY_TYPES = [
  'assetType',
  'protocol',
  'commandType',
  'terminalStatus',
  'pushChannel',
  'alarmType',
  'reportType',
] as const;
export type DictionaryType = (typeof DICTIONARY_TYPES)[number];

const DictionaryItemSchema = Type.Object({ value: Type.String(), label: Type.String() });
export type DictionaryItem = Static<typeof DictionaryItemSchema>;

const AccountStatusSchema = Type.Object({
  accountId: Type.Integer(),
  accountName: Type.String(),
  enabled: Type.Boolean(),
  expiresAt: Type.Union([Type.Number(), Type.Null()]),
  expired: Type.Boolean(),
  terminalsTotal: Type.Integer(),
  terminalsExpiringIn30Days: Type.Integer(),
});
export type AccountStatus = Static<typeof AccountStatusSchema>;

/**
 * The spec's "System info" entity (§3: baseUrl, name, platformId default 1) with the client
 * version helper's 1.0 (§9), as the server knows them: what the unnamed GetInformation answers.
 */
const SystemInformationSchema = Type.Object({
  /** the system name, also the prefix of the browser's storage keys */
  name: Type.String(),
  /** the API's base address as configured; '' = same origin */
  baseUrl: Type.String(),
  platformId: Type.Integer(),
  version: Type.String(),
  /** the server's clock, epoch ms: lets a client see how far its own is off */
  serverTime: Type.Number(),
});
export type SystemInformation = Static<typeof SystemInformationSchema>;

export const systemEndpoints = {
  /** type: one dictionary; without it all of them, grouped by type. */
  dictionary: endpoint({
    method: 'GET',
    path: '/car/v4/api/system/dictionary/list.json',
    tag: '系统',
    summary: '查询数据字典',
    input: Type.Object({
      /** a DICTIONARY_TYPES name; another is refused by the service as 不支持的字典类型：…（可选 …） (dictionaryTypeUnknown) */
      type: Type.Optional(OneOfChecked(DICTIONARY_TYPES, { maxLength: 40 })),
    }),
    answer: StringRecord(Type.Array(DictionaryItemSchema)),
  }),
  accountStatus: endpoint({
    method: 'GET',
    path: '/car/v4/api/account/checkStatus.json',
    tag: '系统',
    summary: '查询账号状态',
    answer: AccountStatusSchema,
  }),
  /** Public: a client reads it before anyone logs in. */
  information: endpoint({
    method: 'GET',
    path: '/car/v4/api/system/getInformation.json',
    tag: '系统',
    summary: '获取系统信息',
    access: 'public',
    answer: SystemInformationSchema,
  }),
};

export const SYSTEM_ERRORS = defineErrors('system', {
  dictionaryTypeUnknown: { msg: '不支持的字典类型：{type}（可选 {types}）', status: 400 },
});
