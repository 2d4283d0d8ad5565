/**
 * Demo mode (`npm start -- --demo` or CHELIAN_DEMO=1): seeds the demo account and runs its
 * fleet of simulated terminals in this process against the gateway's own ports, so whoever
 * logs in as `demo` sees vehicles moving, stopping and raising alarms at once — and, on the
 * watch port, a street-cleaning crew's work badges and three pets' collars.
 */
import { Fleet, statusLine } from '@chelian/simulator';
import type { AppContext } from '../context.ts';
import { seedDemo } from './demo.seed.ts';
import { DEMO_USERNAME, demoFleet } from './demoFleet.ts';
import { seedDemoPetWeek } from './demoPetWeek.ts';
import { DEMO_WORK_SITE, demoBadges, demoPets } from './demoWearers.ts';

export interface DemoOptions {
  /** Report interval while driving. Default 5 s: lively on the map, light on the database. */
  intervalSeconds?: number;
  /** Overrides the generated password of the demo user (CHELIAN_DEMO_PASSWORD). */
  password?: string;
}

export interface RunningDemo {
  fleet: Fleet;
  /** The crew's badges and the pets' collars (none when the gateway has no watch port). */
  wearers: Fleet[];
  accountId: number;
  stop(): void;
}

export async function startDemo(ctx: AppContext, ports: { jt808?: number; gt06?: number; h02?: number; watch?: number }, opts: DemoOptions = {}): Promise<RunningDemo> {
  const plan = demoFleet();
  const badges = ports.watch === undefined ? [] : demoBadges();
  const pets = ports.watch === undefined ? [] : demoPets();
  const seeded = await seedDemo(ctx, plan, { password: opts.password, badges, pets });
  // Before the collars connect: the past is written only while a collar has none.
  const petsGivenPast = pets.length ? await seedDemoPetWeek(ctx, pets) : 0;
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
    // The bikes are armed while parked (auto-arm); their riders mostly disarm with the key fob before riding off.
    ebike: { riderDisarms: 0.9 },
    connectRate: 50,
  });
  void fleet.start();
  const wearers = ports.watch === undefined ? [] : startWearers({ watch: ports.watch }, badges, pets, opts.intervalSeconds);
  for (const w of wearers) void w.start();
  const status = setInterval(() => ctx.log.info(`演示车队 ${statusLine(fleet.totals())}`), 60_000);
  status.unref();
  ctx.log.info({ vehicles: plan.length, created: seeded.created, staff: badges.length, pets: pets.length, petsGivenPast }, `演示模式已启动：以 ${DEMO_USERNAME} 登录查看演示车队`);
  return {
    fleet,
    wearers,
    accountId: seeded.accountId,
    stop() {
      clearInterval(status);
      fleet.stop();
      for (const w of wearers) w.stop();
    },
  };
}

/**
 * The crew walks the streets of its site (a badge reports every minute while its wearer moves,
 * sleeps when they stand still); each pet roams round its own home, so each collar is a fleet of
 * one (the home is a fleet option). All report within ten seconds of start, so 工牌定位 and
 * 宠物定位 show them at once. Demo tests shorten the intervals.
 */
function startWearers(ports: { watch: number }, badges: ReturnType<typeof demoBadges>, pets: ReturnType<typeof demoPets>, testInterval?: number): Fleet[] {
  const wearer = { host: '127.0.0.1', ports, firstReportWithinSeconds: 10, heartbeatSeconds: testInterval ? 30 : 300, connectRate: 20 };
  const crew = new Fleet(badges.map((b) => b.spec), {
    ...wearer,
    intervalSeconds: testInterval ?? 60,
    driver: { radiusMeters: DEMO_WORK_SITE.radiusMeters },
    watch: { drainPerHour: 3 },
  });
  const collars = pets.map((p) => new Fleet([p.spec], { ...wearer, intervalSeconds: testInterval ?? 300, pet: { home: p.home } }));
  return [crew, ...collars];
}
