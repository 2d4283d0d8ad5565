import type { AppContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import { offlineProvider } from '../address/address.providers.ts';
import { MqttPool } from './channels/mqttPool.ts';
import { AlarmDeliverer, type DelivererOptions } from './deliverer.service.ts';
import { planPending, type Geocode } from './planner.service.ts';
import { startMqttPositions } from './mqttPositions.ts';

export interface AlarmDeliveryWorker {
  deliverer: AlarmDeliverer;
  /** Runs a pass now (a new alarm, a test). Resolves when the pass it joined has ended. */
  kick(): Promise<void>;
  stop(): Promise<void>;
}

const TICK_MS = 1000;
const STALE_CHECK_MS = 60_000;
/** A pass looks back to a minute before the previous one (an alarm's transaction commits within it); every 5 minutes, the whole window. */
const OVERLAP_MS = 60_000;
const FULL_SWEEP_MS = 5 * 60_000;

/**
 * The 'jobs' role's alarm delivery: plans new alarms (woken by the bus, and every second for any
 * it missed) and sends due deliveries, retries included, from the database queue — so with
 * several processes each alarm is delivered once, and a restart loses no retry.
 */
export function startAlarmDelivery(
  ctx: AppContext,
  opts: Partial<DelivererOptions> & { tickMs?: number; positions?: boolean } = {},
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

  const pass = async () => {
    const started = Date.now();
    if (started - staleCheckedAt > STALE_CHECK_MS) {
      staleCheckedAt = started;
      await deliverer.requeueStale();
    }
    // Only the last minute or so each second, so a pass costs little however many alarms a busy fleet raised.
    const full = started - sweptAt > FULL_SWEEP_MS;
    await planPending(ctx.db, geocode, full ? Infinity : (started - lastPassAt + OVERLAP_MS) / 1000);
    if (full) sweptAt = started;
    lastPassAt = started;
    while (!stopped && (await deliverer.runDue()) > 0) {
      /* drain what is due */
    }
  };

  /** One pass at a time; a kick during a pass asks for another right after it. */
  const kick = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      do {
        again = false;
        await pass().catch((err) => ctx.log.error({ err }, 'alarm delivery'));
      } while (again && !stopped);
    })().finally(() => (current = null));
    return current;
  };

  const timer = setInterval(() => void kick(), opts.tickMs ?? TICK_MS);
  const offAlarms = ctx.bus.subscribe(subjects.liveOfScope('alarm', '/'), () => void kick());
  const stopPositions =
    opts.positions === false ? async () => {} : startMqttPositions(ctx, pool, { allowPrivateTargets: ctx.config.pushAllowPrivateTargets });
  void kick();

  return {
    deliverer,
    kick,
    async stop() {
      stopped = true;
      clearInterval(timer);
      offAlarms();
      await current;
      await stopPositions();
      await pool.close();
    },
  };
}
