import type { AppContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import { presentAlarm } from '../../core/alarm.presenter.ts';
import { alarmsQueries } from '../alarms/alarms.queries.ts';
import { ELEC_CAR_CHANGED, POWER_ORDER_MADE } from './bikes.service.ts';
import { GuardEngine } from './guard.engine.ts';
import { DEFAULT_REPLY_TIMEOUT_MS, PowerOrderRunner } from './powerOrders.runner.ts';
import type { PositionEngine } from '../feature.ts';

/**
 * With no order pending or sent, the sweep reads the orders every this many sweeps (a minute at the
 * default 5 s) instead of at each: a made order's news brings a look at once (issue 33: an idle
 * server ran the order statements every 5 s for nothing); this catches news that was missed.
 */
const QUIET_SWEEPS = 12;

export interface ElecCarEngineOptions {
  /** How often pending cuts are re-checked, expired and sent ones closed (ms). */
  sweepMs?: number;
  replyTimeoutMs?: number;
}

export interface ElecCarEngine extends PositionEngine {
  guard: GuardEngine;
  orders: PowerOrderRunner;
  /** Runs one sweep now and waits for everything handed in so far (tests, shutdown). */
  settle(): Promise<void>;
}

/**
 * 电单车卫士's background part, beside the geofence engine (fed every fix this process's gateway
 * commits, core/positionFeed.ts): the safe power cut's pending orders, and the derived alarms.
 */
export function startElecCarEngine(
  ctx: Pick<AppContext, 'db' | 'bus' | 'log' | 'positionFeed'>,
  opts: ElecCarEngineOptions = {},
): ElecCarEngine {
  const publish = async (ids: number[]) => {
    for (const row of await alarmsQueries.visibleByIds(ctx.db, '/', ids))
      ctx.bus.publish(subjects.live('alarm', row.account_path, row.identifier), presentAlarm(row));
  };
  const guard = new GuardEngine(ctx.db, ctx.bus, publish, ctx.log);
  const orders = new PowerOrderRunner(ctx.db, ctx.bus, opts.replyTimeoutMs ?? DEFAULT_REPLY_TIMEOUT_MS, ctx.log);
  const offPositions = ctx.positionFeed.subscribe({
    wants: (t) => guard.watchesVehicle(t.vehicleId) || orders.hasPending(t.terminalId),
    fixes: (fixes) => {
      // One terminal's fixes: a pending cut is re-checked once (the runner reads the stored state).
      const { terminalId } = fixes[0];
      if (orders.hasPending(terminalId)) void orders.run(terminalId);
      for (const p of fixes) void guard.position(p);
    },
    // An armed bike's offline alarm: from the gateway that declared it, so once in a cluster.
    presence: (p) => void guard.presence(p),
  });
  const offChanges = ctx.bus.subscribe(ELEC_CAR_CHANGED, () => {
    guard.invalidate();
    void orders.run(null);
  });
  const offOrders = ctx.bus.subscribe(POWER_ORDER_MADE, () => void orders.run(null));
  const sweeps = new Set<Promise<unknown>>();
  let quietSweeps = 0;
  /** Every order is looked at while one is pending or sent; with none, every QUIET_SWEEPS sweeps (news of a new one brings a look at once). */
  const sweep = (all = false) => {
    const look = all || orders.outstanding || ++quietSweeps % QUIET_SWEEPS === 0;
    const running = Promise.all([look ? orders.run(null) : undefined, guard.autoArm()]);
    sweeps.add(running);
    void running.finally(() => sweeps.delete(running)).catch(() => {});
    return running;
  };
  const timer = setInterval(() => void sweep(), opts.sweepMs ?? 5000);
  timer.unref();
  return {
    guard,
    orders,
    async settle() {
      await guard.idle();
      await sweep(true);
    },
    async stop() {
      clearInterval(timer);
      offPositions();
      offChanges();
      offOrders();
      await Promise.allSettled([guard.idle(), orders.idle(), ...sweeps]);
    },
  };
}
