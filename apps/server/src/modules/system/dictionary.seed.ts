import { ALARM_NAMES_ZH } from '@chelian/protocols/alarms.ts';
import { ASSET_KIND_NAMES, type DictionaryType } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { EXPORT_KINDS } from '../exports/exportKinds.ts';
import { systemQueries } from './system.queries.ts';

/** Built-in dictionaries, kept in the table so every process and the web read the same labels. */
type Items = Array<[value: string, label: string]>;

export const BUILTIN_DICTIONARY: Record<Exclude<DictionaryType, 'alarmType' | 'reportType'>, Items> = {
  // the vehicle form's and the import's names, so the dictionary cannot say another word
  assetType: [...Object.entries(ASSET_KIND_NAMES), ['asset', '资产']],
  protocol: [
    ['jt808', 'JT/T 808'],
    ['gt06', 'GT06'],
    ['h02', 'H02'],
    ['watch', '手表协议'],
  ],
  commandType: [
    ['cutOil', '断油断电'],
    ['restoreOil', '恢复油电'],
    ['locateNow', '立即定位'],
    ['setInterval', '设置上传间隔'],
    ['reboot', '重启终端'],
    ['text', '文本下发'],
    ['custom', '自定义指令'],
  ],
  terminalStatus: [
    ['unassigned', '未分配'],
    ['inStock', '库存'],
    ['active', '已激活'],
    ['expired', '已过期'],
    ['disabled', '已停用'],
  ],
  pushChannel: [
    ['web', '网页'],
    ['app', 'App'],
    ['sms', '短信'],
    ['email', '邮件'],
    ['wechat', '微信公众号'],
  ],
};

export async function seedDictionary(db: Db) {
  // every DictionaryType, and no other: the list filter refuses a type outside them
  const entries: Record<DictionaryType, Items> = {
    ...BUILTIN_DICTIONARY,
    alarmType: Object.entries(ALARM_NAMES_ZH),
    reportType: EXPORT_KINDS.map((k) => [k.type, k.title]),
  };
  const rows = Object.entries(entries).flatMap(([type, items]) => items.map(([value, label], sort) => ({ type, value, label, sort })));
  await systemQueries.upsertDictionary(db, rows);
}
