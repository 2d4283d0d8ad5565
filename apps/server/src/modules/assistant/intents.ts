/**
 * Questions about the user's own fleet, recognised before the knowledge base is searched:
 * "粤B12345在哪", "今天有哪些报警", "本周里程最多的车", "现在有哪些车离线", "哪些车离线超过一天", "哪些设备快到期".
 * A question that only asks how something works ("资产显示离线怎么办？") is not one of these.
 */
export type FleetIntent =
  | { kind: 'location'; key: string }
  | { kind: 'alarmsToday'; key: string | null }
  | { kind: 'mileageTop'; period: 'today' | 'week' | 'month' }
  | { kind: 'offline'; hours: number }
  /** offline now, as 实时监控 shows it (no span named) */
  | { kind: 'offlineNow' }
  | { kind: 'expiring'; days: number };

/** A Chinese plate: province abbreviation, a letter, 4–6 letters/digits, an optional suffix. */
const PLATE = /[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-Za-z][A-Za-z0-9]{4,6}[挂学警港澳]?/;
/** A terminal identifier: an IMEI or a JT/T 808 phone number. */
const IDENTIFIER = /(?<![\d])\d{11,20}(?![\d])/;
const WHERE = /在哪|哪里|哪儿|位置|定位|跑到|现在在|在什么地方/;
const LIST = /哪些|哪几|多少|列出|有几|几辆|几台|几个|有没有|清单|名单|列表|统计/;
/** Asking for a page, a report or the way to do something, not for the data itself: the knowledge base answers. */
const HOW_TO = /报表|导出|怎么|如何|怎样|在哪[看查设找打开]|哪里[看查设找]|每辆|每台|菜单|页面/;
const NUMBER: Record<string, number> = { 一: 1, 两: 2, 二: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10, 半: 0.5 };

/** "3天" → 72, "两天" → 48, "12小时" → 12, "一周" → 168; null when no span is named. */
export function spanHours(text: string): number | null {
  const m = /(\d+(?:\.\d+)?|[一两二三四五六七八九十半])\s*(个)?\s*(小时|钟头|天|日|周|星期|个月|月)/.exec(text);
  if (!m) return null;
  const n = /\d/.test(m[1]!) ? Number(m[1]) : NUMBER[m[1]!]!;
  const unit = m[3]!;
  if (unit === '小时' || unit === '钟头') return n;
  if (unit === '天' || unit === '日') return n * 24;
  if (unit === '周' || unit === '星期') return n * 24 * 7;
  return n * 24 * 30;
}

export function vehicleKeyOf(question: string): string | null {
  const plate = PLATE.exec(question)?.[0];
  if (plate) return plate.toUpperCase();
  return IDENTIFIER.exec(question)?.[0] ?? null;
}

export function detectIntent(question: string): FleetIntent | null {
  const q = question.replace(/\s+/g, '');
  const key = vehicleKeyOf(q);
  const today = /今天|今日|当天|最近|刚才|现在/.test(q);
  const howTo = HOW_TO.test(q);
  // How alarms were handled is 报警处理统计's figure, not today's list.
  const handling = /处理/.test(q) && !today;
  if (/报警|告警|警报/.test(q) && !howTo && !handling && (today || LIST.test(q) || key)) return { kind: 'alarmsToday', key };
  if (howTo) return null;
  if (key && !/里程|到期|过期|离线/.test(q)) return { kind: 'location', key };
  if (/里程|公里|跑得最|跑的最|开得最|开的最/.test(q) && /最多|最长|最远|最高|排名|排行|前\d|前[三五十]|top|多少|哪辆|哪些/i.test(q)) {
    return { kind: 'mileageTop', period: /今天|今日/.test(q) ? 'today' : /本月|这个月|当月/.test(q) ? 'month' : 'week' };
  }
  if (/离线|掉线|不在线|没上线|没有上线/.test(q) && LIST.test(q)) {
    const hours = spanHours(q);
    return hours === null ? { kind: 'offlineNow' } : { kind: 'offline', hours };
  }
  if (/到期|过期|续费/.test(q) && LIST.test(q)) return { kind: 'expiring', days: Math.max(1, Math.round((spanHours(q) ?? 30 * 24) / 24)) };
  if (WHERE.test(q) && key) return { kind: 'location', key };
  return null;
}
