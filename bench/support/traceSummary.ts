/**
 * What a Chromium trace says the renderer's main thread did: time per event kind, and what asked
 * for style recalculation (the JS stack on `ScheduleStyleRecalculation` and on the invalidation-
 * tracking events, or "no JS" when nothing scripted did: CSS animations, hover, the compositor).
 * Record with the categories in TRACE_CATEGORIES; `node --import tsx bench/support/traceSummary.ts trace.json` prints it.
 */
import fs from 'node:fs';

export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
  'disabled-by-default-devtools.timeline.invalidationTracking',
  'v8.execute',
];

interface Frame {
  functionName?: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  args?: Record<string, any>;
}

const frameName = (f: Frame) =>
  `${f.functionName || '(anonymous)'} @ ${(f.url ?? '').split('/').pop() || '-'}:${(f.lineNumber ?? 0) + 1}:${(f.columnNumber ?? 0) + 1}`;
/** The first few frames of a stack, innermost first, as one key. */
const stackKey = (stack: Frame[] | undefined, depth: number) =>
  stack?.length ? stack.slice(0, depth).map(frameName).join(' < ') : '(no JS stack)';

function top(map: Map<string, { n: number; ms: number }>, n: number) {
  return Object.fromEntries(
    [...map]
      .sort((a, b) => b[1].ms - a[1].ms || b[1].n - a[1].n)
      .slice(0, n)
      .map(([k, v]) => [k, { count: v.n, ms: Math.round(v.ms) }]),
  );
}
function add(map: Map<string, { n: number; ms: number }>, key: string, ms: number) {
  const e = map.get(key) ?? { n: 0, ms: 0 };
  e.n++;
  e.ms += ms;
  map.set(key, e);
}

export function summariseTrace(events: TraceEvent[], stackDepth = 4) {
  const threadName = new Map<string, string>();
  for (const e of events) if (e.name === 'thread_name') threadName.set(`${e.pid}:${e.tid}`, e.args?.name);
  // The page's main thread: the CrRendererMain with the most UpdateLayoutTree events.
  const perThread = new Map<string, number>();
  for (const e of events)
    if (e.name === 'UpdateLayoutTree' && threadName.get(`${e.pid}:${e.tid}`) === 'CrRendererMain')
      perThread.set(`${e.pid}:${e.tid}`, (perThread.get(`${e.pid}:${e.tid}`) ?? 0) + 1);
  const main = [...perThread].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((e) => `${e.pid}:${e.tid}` === main);
  const ts = onMain.filter((e) => e.ts > 0).map((e) => e.ts);
  const spanMs = (Math.max(...ts) - Math.min(...ts)) / 1000;

  const byName = new Map<string, { n: number; ms: number }>();
  for (const e of onMain) if (e.ph === 'X' && e.dur) add(byName, e.name, e.dur / 1000);
  const tasks = byName.get('RunTask')?.ms ?? 0;

  const scheduled = new Map<string, { n: number; ms: number }>();
  for (const e of onMain) if (e.name === 'ScheduleStyleRecalculation') add(scheduled, stackKey(e.args?.data?.stackTrace, stackDepth), 0);
  const invalidations = new Map<string, { n: number; ms: number }>();
  for (const e of onMain) {
    if (!e.name.endsWith('InvalidationTracking')) continue;
    const d = e.args?.data ?? {};
    add(
      invalidations,
      `${e.name.replace('InvalidationTracking', '')} ${d.reason ?? d.changedAttribute ?? d.changedClass ?? d.changedPseudo ?? ''} ${d.nodeName ?? ''} ← ${stackKey(d.stackTrace, stackDepth)}`,
      0,
    );
  }
  const recalcs = onMain.filter((e) => e.name === 'UpdateLayoutTree' && e.dur);
  const elements = recalcs.reduce((n, e) => n + (e.args?.elementCount ?? 0), 0);
  const calls = new Map<string, { n: number; ms: number }>();
  for (const e of onMain) if (e.name === 'FunctionCall' && e.dur) add(calls, frameName(e.args?.data ?? {}), e.dur / 1000);
  const timers = new Map<string, { n: number; ms: number }>();
  for (const e of onMain)
    if ((e.name === 'TimerFire' || e.name === 'FireAnimationFrame' || e.name === 'EventDispatch') && e.dur)
      add(timers, `${e.name} ${e.args?.data?.type ?? ''}`, e.dur / 1000);
  const animations = new Map<string, { n: number; ms: number }>();
  for (const e of events)
    if (e.name === 'Animation' && e.ph === 'b')
      add(animations, `${e.args?.data?.name ?? e.args?.data?.id ?? '?'} (${e.args?.data?.nodeName ?? ''})`, 0);

  return {
    windowMs: Math.round(spanMs),
    busyFraction: Math.round((tasks / spanMs) * 1000) / 1000,
    msByEvent: top(byName, 20),
    styleRecalcs: {
      count: recalcs.length,
      elementsRestyled: elements,
      perRecalcElements: Math.round(elements / Math.max(1, recalcs.length)),
    },
    styleScheduledBy: top(scheduled, 15),
    invalidatedBy: top(invalidations, 25),
    functionCalls: top(calls, 15),
    dispatch: top(timers, 10),
    animationsStarted: top(animations, 15),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const raw = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
  console.log(JSON.stringify(summariseTrace(Array.isArray(raw) ? raw : raw.traceEvents, Number(process.argv[3] ?? 4)), null, 2));
}
