/**
 * Demo mode (`npm start -- --demo` or CHELIAN_DEMO=1): seeds the demo account and runs each
 * feature's simulated terminals (the manifest's `demo`: the car fleet and e-bikes, and on the watch
 * port a street-cleaning crew's work badges and three pets' collars) in this process against the
 * gateway's own ports, so whoever logs in as `demo` sees them moving, stopping and raising alarms at once.
 */
import { Fleet, statusLine, type FleetTotals } from '@chelian/simulator';
import type { AppContext } from '../context.ts';
import type { DemoPorts } from '../modules/feature.ts';
import { DEMO_USERNAME, loadDemoParts, runsOn, seedDemo } from './demo.seed.ts';

export interface DemoOptions {
  /** Shortens every part's report interval (demo tests); each part has its own default. */
  intervalSeconds?: number;
  /** Overrides the generated password of the demo user (CHELIAN_DEMO_PASSWORD). */
  password?: string;
  /** The terminals stop after driving this many seconds (CHELIAN_DEMO_DRIVE_SECONDS; unset: never). */
  driveSeconds?: number;
}

export interface RunningDemo {
  /** Every part's simulated terminals (a part whose protocol has no port runs none). */
  fleets: Fleet[];
  accountId: number;
  stop(): void;
}

/** The demo's terminals as one status line's figures. */
export function demoTotals(fleets: readonly Fleet[]): FleetTotals {
  const sum = { count: 0, online: 0, sent: 0, acked: 0, pending: 0, backlog: 0, connects: 0, reconnects: 0, commands: 0, dropped: 0 };
  for (const f of fleets) for (const [key, n] of Object.entries(f.totals()) as Array<[keyof FleetTotals, number]>) sum[key] += n;
  return sum;
}

export async function startDemo(ctx: AppContext, ports: DemoPorts, opts: DemoOptions = {}): Promise<RunningDemo> {
  // Every part seeds before any terminal connects (the pets' past is written only while a collar has none).
  const seeded = await seedDemo(ctx, ports, { password: opts.password });
  if (seeded.generatedPassword) {
    // Printed once, on the start that created the user; also kept in DATA_DIR/demo-user.txt.
    console.log(`\n演示账号: ${DEMO_USERNAME}  密码: ${seeded.generatedPassword}  (已写入 ${ctx.config.dataDir}/demo-user.txt)\n`);
  }
  const fleets = (await loadDemoParts()).flatMap(({ part }) => (runsOn(part, ports) ? part.drive(ports, opts.intervalSeconds) : []));
  for (const f of fleets) void f.start();
  // A test that must see only what the seed and the first minute made silences the fleet then (e2e/menus.e2e.ts).
  const halt = opts.driveSeconds ? setTimeout(() => fleets.forEach((f) => f.stop()), opts.driveSeconds * 1000) : undefined;
  halt?.unref();
  const status = setInterval(() => ctx.log.info(`演示车队 ${statusLine(demoTotals(fleets))}`), 60_000);
  status.unref();
  ctx.log.info(
    { terminals: demoTotals(fleets).count, created: seeded.created, tookMs: seeded.took },
    `演示模式已启动：以 ${DEMO_USERNAME} 登录查看演示车队`,
  );
  return {
    fleets,
    accountId: seeded.accountId,
    stop() {
      clearInterval(status);
      clearTimeout(halt);
      for (const f of fleets) f.stop();
    },
  };
}
