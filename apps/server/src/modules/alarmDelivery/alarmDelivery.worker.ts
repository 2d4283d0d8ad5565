import type { AppContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import { offlineProvider } from '../address/address.providers.ts';
import { MqttPool } from './channels/mqttPool.ts';
import { AlarmDeliverer, type DelivererOptions } from './deliverer.service.ts';
import { deliveryQueries } from './delivery.queries.ts';
import { planPending, type Geocode } from './planner.service.ts';
import { startMqttPositions } from './mqttPositions.ts';

export interface AlarmDeliveryWorker {
  deliverer: AlarmDeliverer;
  /** Runs a pass now (a new alarm, a test). Resolves when the pass it joined has ended. */
  kick(): Promise<void>;
  /** Passes run so far (tests, benches). */
  readonly stats: { passes: number };
  stop(): Promise<void>;
}

/**
 * A pass also runs this long after the previous one whatever the bus said: it plans an alarm whose
 * news was missed and sends what another process left due (it stopped, or its timer is further).
 */
const FALLBACK_MS = 30_000;
/** The soonest a timer brings the next pass: a due row another process holds locked is not asked for in a loop. */
const MIN_WAIT_MS = 250;
/**
 * News starts a pass at most this long after the previous one began: a fleet raising alarms all the
 * time is planned once a second (as the tick did), not in back-to-back passes that keep the database
 * (PGlite's one connection) from the API; a quiet one's first alarm still goes at once.
 */
const NEWS_GAP_MS = 1_000;
/** After a failed pass (the database away), the next one. */
const AFTER_ERROR_MS = 5_000;
const STALE_CHECK_MS = 60_000;
/** A pass looks back to a minute before the previous one (an alarm's transaction commits within it); every 5 minutes, the whole window. */
const OVERLAP_MS = 60_000;
const FULL_SWEEP_MS = 5 * 60_000;

/**
 * The 'jobs' role's alarm delivery: plans new alarms and sends due deliveries, retries included,
 * from the database queue — so with several processes each alarm is delivered once, and a restart
 * loses no retry. A pass runs when the bus brings a new alarm or a delivery due now (重新推送),
 * when the queue's next retry falls due (the database says when after each pass), and at the
 * latest FALLBACK_MS after the last one: an idle server is not woken every second (issue 33).
 */
export function startAlarmDelivery(
  ctx: AppContext,
  opts: Partial<DelivererOptions> & { fallbackMs?: number; positions?: boolean } = {},
): AlarmDeliveryWorker {
  const pool = new MqttPool();
  const deliverer = new AlarmDeliverer(ctx.db, ctx.smsGateway, pool, ctx.log, {
    allowPrivateTargets: ctx.config.pushAllowPrivateTargets,
    ...opts,
  });
  const geocoder = offlineProvider();
  const geocode: Geocode = async (lon, lat) => (await geocoder.lookup([{ lon, lat }]))[0] ?? '';

  let stopped = false;
  let again = false;
  let current: Promise<void> | null = null;
  let staleCheckedAt = 0;
  let sweptAt = 0;
  let lastPassAt = 0;
  let timer: NodeJS.Timeout | undefined;
  /** When the armed timer fires (Infinity: none armed). */
  let timerAt = Infinity;
  /** News came during the current pass: the next one follows NEWS_GAP_MS after its start. */
  let newsDuring = false;
  const fallbackMs = opts.fallbackMs ?? FALLBACK_MS;

  /** One pass; resolves to how long until the next retry falls due (null: none waits). */
  const stats = { passes: 0 };
  const pass = async (): Promise<number | null> => {
    const started = Date.now();
    stats.passes++;
    if (started - staleCheckedAt > STALE_CHECK_MS) {
      staleCheckedAt = started;
      await deliverer.requeueStale();
    }
    // Only since the previous pass and a minute more, so a pass costs little however many alarms a busy fleet raised.
    const full = started - sweptAt > FULL_SWEEP_MS;
    await planPending(ctx.db, geocode, full ? Infinity : (started - lastPassAt + OVERLAP_MS) / 1000);
    if (full) sweptAt = started;
    lastPassAt = started;
    while (!stopped && (await deliverer.runDue()) > 0) {
      /* drain what is due */
    }
    return deliveryQueries.nextDueInMs(ctx.db);
  };

  const arm = (waitMs: number) => {
    clearTimeout(timer);
    timerAt = Infinity;
    if (stopped) return;
    const ms = Math.max(MIN_WAIT_MS, Math.min(fallbackMs, waitMs));
    timerAt = Date.now() + ms;
    timer = setTimeout(() => void kick(), ms);
  };

  /** A pass for news: at once after a quiet spell, else NEWS_GAP_MS after the last one began (or sooner if the timer says so). */
  const onNews = () => {
    if (stopped) return;
    if (current) {
      newsDuring = true;
      return;
    }
    const waitMs = lastPassAt + NEWS_GAP_MS - Date.now();
    if (waitMs <= 0) void kick();
    else if (Date.now() + waitMs < timerAt) arm(waitMs);
  };

  /** Passes until no kick came during one, then the timer for the next. */
  const run = async () => {
    let waitMs: number;
    do {
      again = false;
      waitMs = await pass().then(
        (dueInMs) => dueInMs ?? fallbackMs,
        (err) => (ctx.log.error({ err }, 'alarm delivery'), AFTER_ERROR_MS),
      );
    } while (again && !stopped);
    current = null; // with the loop's last look at `again`: a kick from now on starts a run of its own
    if (newsDuring) waitMs = Math.min(waitMs, lastPassAt + NEWS_GAP_MS - Date.now());
    newsDuring = false;
    arm(waitMs);
  };

  /** One pass at a time; a kick during a pass asks for another right after it. */
  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (current) {
      again = true;
      return current;
    }
    clearTimeout(timer);
    timerAt = Infinity;
    return (current = run());
  };

  const offAlarms = ctx.bus.subscribe(subjects.liveOfScope('alarm', '/'), onNews);
  const offDue = ctx.bus.subscribe(subjects.alarmDeliveryDue, onNews);
  const stopPositions =
    opts.positions === false ? async () => {} : startMqttPositions(ctx, pool, { allowPrivateTargets: ctx.config.pushAllowPrivateTargets });
  void kick();

  return {
    deliverer,
    kick,
    stats,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      offAlarms();
      offDue();
      await current;
      await stopPositions();
      await pool.close();
    },
  };
}
