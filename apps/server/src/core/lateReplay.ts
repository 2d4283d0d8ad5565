/**
 * Late fixes (a blind-area upload after live reports, core/positionFeed.ts lateFixes), judged the
 * one way every engine that takes them does (geofences, pet zones, 智能工牌's off-post and
 * standstill, 新国标's overspeed): its rule is a forwards state machine — a step per fix that may
 * raise an event (inside or not, the pet zones' edge smoothing, off-post's and standstill's
 * minutes, the overspeed episode). The rule of docs/architecture.md ("Late fixes, the rule"):
 * the engine's own step is run twice over the window around the late fixes, from the same start —
 * once over the fixes judged before them, once with the late fixes merged in, in device time. What
 * the second run raises that the first does not is what the late fixes show, raised at the fix that
 * confirmed it (a late one, or the judged fix the return was confirmed at):
 *  - both neighbours on one side and a confirmed excursion between them: both crossings;
 *  - the neighbours on different sides: the crossing was raised when the newer was judged, the late
 *    fixes only move it earlier — paired with the first run's and nothing is raised;
 *  - a late fix at the time of one already judged (the upload sent again) is not merged in, so a
 *    resent upload raises nothing;
 *  - a late fix with nothing judged on one side (older or newer than every judged fix of the window)
 *    is not merged in: the side it left or came back to is unknown.
 * The engine's current state is the newest fix's and is not touched; pure, the engine reads and raises.
 */

export interface TimedFix {
  /** device (GPS) time, epoch ms */
  time: number;
}

/** An engine's forwards rule: a state and one step per fix, raising at most one event. */
export interface ForwardRule<S, F extends TimedFix, E extends string> {
  start: S;
  step(state: S, fix: F): { state: S; event: E | null };
}

export interface ReplayEvent<F, E extends string> {
  kind: E;
  fix: F;
}

function replay<S, F extends TimedFix, E extends string>(rule: ForwardRule<S, F, E>, fixes: readonly F[]): ReplayEvent<F, E>[] {
  let state = rule.start;
  const events: ReplayEvent<F, E>[] = [];
  for (const fix of fixes) {
    const step = rule.step(state, fix);
    state = step.state;
    if (step.event !== null) events.push({ kind: step.event, fix });
  }
  return events;
}

/**
 * The events the late fixes reveal. `judged`: the stored fixes judged before them round their
 * device times (oldest first); `late`: the late fixes, in any order.
 */
export function lateEvents<S, F extends TimedFix, E extends string>(
  rule: ForwardRule<S, F, E>,
  judged: readonly F[],
  late: readonly F[],
): ReplayEvent<F, E>[] {
  if (judged.length === 0) return [];
  const first = judged[0]!.time;
  const last = judged[judged.length - 1]!.time;
  const seen = new Set(judged.map((f) => f.time));
  const fresh: F[] = [];
  for (const f of [...late].sort((a, b) => a.time - b.time)) {
    if (seen.has(f.time) || f.time < first || f.time > last) continue;
    seen.add(f.time);
    fresh.push(f);
  }
  if (fresh.length === 0) return [];
  const merged = [...judged, ...fresh].sort((a, b) => a.time - b.time);
  const before = replay(rule, judged);
  const after = replay(rule, merged);
  // The same event at the same fix: raised when that fix was judged.
  const unmatched = after.filter((e) => {
    const i = before.findIndex((b) => b.kind === e.kind && b.fix.time === e.fix.time);
    if (i < 0) return true;
    before.splice(i, 1);
    return false;
  });
  // An event the judged fixes raised elsewhere: the late fixes moved it (the nearest of its kind), it is not new.
  for (const b of before) {
    let nearest = -1;
    for (let i = 0; i < unmatched.length; i++) {
      const e = unmatched[i]!;
      if (e.kind === b.kind && (nearest < 0 || Math.abs(e.fix.time - b.fix.time) < Math.abs(unmatched[nearest]!.fix.time - b.fix.time)))
        nearest = i;
    }
    if (nearest >= 0) unmatched.splice(nearest, 1);
  }
  return unmatched;
}

/**
 * Of the stored fixes round a late upload, those judged before it: stored before the first of its
 * fixes came, or with them but not one of them (an earlier part of the same upload may share their
 * millisecond). `stored` is read up to the last of them received.
 */
export function judgedBefore<F extends TimedFix & { receivedAt: number }>(
  stored: readonly F[],
  late: ReadonlyArray<{ gpsTime: number; receivedAt: number }>,
): F[] {
  const lateTimes = new Set(late.map((p) => p.gpsTime));
  const firstCame = Math.min(...late.map((p) => p.receivedAt));
  return stored.filter((f) => f.receivedAt < firstCame || !lateTimes.has(f.time));
}
