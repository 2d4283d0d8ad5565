import type { Alarm, AlarmControl } from '@chelian/contracts';

/** Poll period of the real-time alarm count: the fallback while the live feed is down. */
export const ALARM_POLL_MS = 30_000;

/** After an alarm on the live feed, the count is asked this much later (a burst of alarms asks once). */
export const ALARM_RECOUNT_DELAY_MS = 300;

/**
 * What the live feed said about the alarms behind a rise of the count: the newest one the tip names
 * (its type pops up) with the types its asset raised in the same news (the tip groups by asset),
 * whether any of their types sounds or pops up (the account's 报警设置), and whether one is urgent.
 */
export interface AlarmNews {
  latest: Alarm | null;
  /** The names of the types the latest alarm's asset raised in this news, newest first (its own first). */
  latestTypes: string[];
  sound: boolean;
  popup: boolean;
  /** An urgent type (URGENT_TIP_TYPES) is among them: the tip pops and sounds whatever the settings and the bell's switch. */
  urgent: boolean;
}

/** A type without a row in 报警设置 is on, sounds and pops up (the settings' defaults). */
const DEFAULT_CONTROL = { enabled: true, sound: true, popup: true } as const;

/** An asset and type pops the tip (or sounds) at most once in this long… */
export const TIP_REPEAT_MS = 60_000;

/** …except these, which always pop with sound: 紧急报警 (SOS), 断电报警, and 新国标's fire risk 电池温度过高. */
export const URGENT_TIP_TYPES: ReadonlySet<string> = new Set(['sos', 'powerCut', 'batteryOverTemp']);

/** When each asset and type last popped or sounded, epoch ms: the tip's memory for the session. */
export type TipMemory = ReadonlyMap<string, number>;

/** The asset an alarm is about: its vehicle (car, e-bike, badge, pet), else its terminal. */
export const assetOf = (a: Pick<Alarm, 'vehicleId' | 'terminalId'>) => (a.vehicleId !== null ? `v${a.vehicleId}` : `t${a.terminalId}`);
const assetTypeKey = (a: Alarm) => `${assetOf(a)}|${a.type}`;

/**
 * The tip's throttle (pure): of newly raised alarms (those whose types sound or pop up), the ones
 * that may: an urgent type always; another at most once per TIP_REPEAT_MS for its asset and type
 * (a vehicle speeding on and on pops once a minute, not at every alarm). Returns them and the memory after.
 */
export function tipThrottle(
  candidates: readonly Alarm[],
  memory: TipMemory,
  now: number,
): { passed: Alarm[]; memory: Map<string, number> } {
  const next = new Map(memory);
  const passed: Alarm[] = [];
  for (const a of [...candidates].sort((x, y) => x.alarmTime - y.alarmTime)) {
    const key = assetTypeKey(a);
    const last = next.get(key);
    if (!URGENT_TIP_TYPES.has(a.type) && last !== undefined && now - last < TIP_REPEAT_MS) continue;
    next.set(key, now);
    passed.push(a);
  }
  // What is older than the throttle's span no longer matters.
  for (const [key, at] of next) if (now - at >= TIP_REPEAT_MS) next.delete(key);
  return { passed, memory: next };
}

const newest = (list: readonly Alarm[]) => list.reduce<Alarm | null>((n, a) => (!n || a.alarmTime >= n.alarmTime ? a : n), null);

/**
 * The news a batch of newly raised alarms makes, by their types' settings and the throttle
 * (tipThrottle; `memory` is the throttle's, returned updated); news null when none of them is
 * enabled (a disabled type is not counted by the server either).
 */
export function alarmNewsOf(
  fresh: readonly Alarm[],
  controls: readonly AlarmControl[],
  memory: TipMemory = new Map(),
  now = Date.now(),
): { news: AlarmNews | null; memory: Map<string, number> } {
  const byType = new Map(controls.map((c) => [c.alarmType, c]));
  const setting = (a: Alarm) => byType.get(a.type) ?? DEFAULT_CONTROL;
  const wanted = fresh.filter((a) => setting(a).enabled);
  if (wanted.length === 0) return { news: null, memory: new Map(memory) };
  const urgent = (a: Alarm) => URGENT_TIP_TYPES.has(a.type);
  const heard = tipThrottle(
    wanted.filter((a) => urgent(a) || setting(a).popup || setting(a).sound),
    memory,
    now,
  );
  const popping = heard.passed.filter((a) => urgent(a) || setting(a).popup);
  const latest = newest(popping);
  const latestTypes = latest
    ? [
        ...new Set(
          [latest, ...popping.filter((a) => assetOf(a) === assetOf(latest)).sort((x, y) => y.alarmTime - x.alarmTime)].map(
            (a) => a.typeName,
          ),
        ),
      ]
    : [];
  return {
    news: {
      latest,
      latestTypes,
      sound: heard.passed.some((a) => urgent(a) || setting(a).sound),
      popup: popping.length > 0,
      urgent: heard.passed.some(urgent),
    },
    memory: heard.memory,
  };
}

/**
 * What a rise of the unhandled count does to the tip. With news from the live feed, the alarms'
 * types decide (声音提醒 / 弹窗提醒 in 报警设置, and the throttle); a rise the feed did not explain
 * (at login, or counted by the fallback poll while the feed was down) opens the tip and sounds.
 * Sound needs alarmVoiceOn, the header bell's switch, except for an urgent type.
 */
export function alarmTipRise(input: { previousTotal: number; total: number; voiceOn: boolean; news: AlarmNews | null }): {
  open: boolean;
  beep: boolean;
} {
  if (input.total <= input.previousTotal || input.total <= 0) return { open: false, beep: false };
  const news = input.news;
  if (!news) return { open: true, beep: input.voiceOn };
  return { open: news.popup, beep: news.sound && (input.voiceOn || news.urgent) };
}

/**
 * How long the tip stays open on its own after it opened (at login, or when the count rose): then it
 * folds into the header bell, which keeps the count, the sound switch and 立即查看. It also folds
 * when the operator clicks elsewhere (AlarmTip.tsx). An urgent one (URGENT_TIP_TYPES) stays until
 * acknowledged (×, 稍后处理, 立即查看), at the top right under the header, clear of the menu column
 * and the pagination; the others pop at the foot of the menu column and are gone within seconds.
 */
export const ALARM_TIP_OPEN_MS = 8_000;
/** After the pointer left the open tip (the operator read it and moved on), it folds this soon. */
export const ALARM_TIP_LEAVE_MS = 2_000;

/**
 * Milliseconds left before the open tip folds into the bell: none while the pointer rests on it
 * (the operator is reading it) or for an urgent alarm (it waits to be acknowledged); `stay` after
 * `openedAt` otherwise (ALARM_TIP_OPEN_MS when it opened, ALARM_TIP_LEAVE_MS once the pointer left it).
 */
export function alarmTipFoldsIn(input: {
  openedAt: number;
  now: number;
  hovered: boolean;
  urgent?: boolean;
  stay?: number;
}): number | null {
  if (input.hovered || input.urgent) return null;
  return Math.max(0, input.openedAt + (input.stay ?? ALARM_TIP_OPEN_MS) - input.now);
}
