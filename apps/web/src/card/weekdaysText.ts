const NAMES = ['周一', '周二', '周三', '周四', '周五', '周六', '周日'];

/**
 * A shift's or a round's working days (ISO 1–7) in a table cell, as an operator writes them: every
 * day 每天, a run of three or more days 周一至周五, the rest one by one (周一、周三、周五).
 */
export function weekdaysText(days: readonly number[]): string {
  const sorted = [...new Set(days)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  if (sorted.length === 7) return '每天';
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    if (j - i >= 2) parts.push(`${NAMES[sorted[i]! - 1]}至${NAMES[sorted[j]! - 1]}`);
    else for (let k = i; k <= j; k++) parts.push(NAMES[sorted[k]! - 1]!);
    i = j + 1;
  }
  return parts.join('、') || '—';
}
