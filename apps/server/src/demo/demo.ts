/**
 * Demo mode (`npm start -- --demo` or CHELIAN_DEMO=1): seeds the demo account and runs its
 * fleet of simulated terminals in this process against the gateway's own ports, so whoever
 * logs in as `demo` sees vehicles moving, stopping and raising alarms at once.
 */
import { Fleet, statusLine } from '@chelian/simulator';
import type { AppContext } from '../context.ts';
import { seedDemo } from './demo.seed.ts';
import { DEMO_USERNAME, demoFleet } from './demoFleet.ts';

export interface DemoOptions {
  /** Report interval while driving. Default 5 s: lively on the map, light on the database. */
  intervalSeconds?: number;
  /** Overrides the generated password of the demo user (CHELIAN_DEMO_PASSWORD). */
  password?: string;
}

export interface RunningDemo {
  fleet: Fleet;
  accountId: number;
  stop(): void;
}

export async function startDemo(ctx: AppContext, ports: { jt808?: number; gt06?: number; h02?: number }, opts: DemoOptions = {}): Promise<RunningDemo> {
  const plan = demoFleet();
  const seeded = await seedDemo(ctx, plan, { password: opts.password });
  if (seeded.generatedPassword) {
    // Printed once, on the start that created the user; also kept in DATA_DIR/demo-user.txt.
    console.log(`\n演示账号: ${DEMO_USERNAME}  密码: ${seeded.generatedPassword}  (已写入 ${ctx.config.dataDir}/demo-user.txt)\n`);
  }
  const fleet = new Fleet(plan.map((v) => v.spec), {
    host: '127.0.0.1',
    ports,
    intervalSeconds: opts.intervalSeconds ?? 5,
    heartbeatSeconds: 30,
    driver: { parkSeconds: [60, 300] },
    connectRate: 50,
  });
  void fleet.start();
  const status = setInterval(() => ctx.log.info(`演示车队 ${statusLine(fleet.totals())}`), 60_000);
  status.unref();
  ctx.log.info({ vehicles: plan.length, created: seeded.created }, `演示模式已启动：以 ${DEMO_USERNAME} 登录查看演示车队`);
  return {
    fleet,
    accountId: seeded.accountId,
    stop() {
      clearInterval(status);
      fleet.stop();
    },
  };
}
