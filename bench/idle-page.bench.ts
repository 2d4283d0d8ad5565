/**
 * What a page left open costs the browser: `npm run bench -- idle-page
 * [--paths=/dataCenter/screen,/car/monitor,/home] [--seconds=20] [--settle-seconds=10]
 * [--width=1920] [--height=1080] [--motion=no-preference,reduce]`.
 *
 * The compiled server in demo mode (its fleet driving) on a fresh data folder, headless Chromium
 * (software GL, as in the browser tests); the admin logs in, opens each path in a tab of its own
 * with the given `prefers-reduced-motion`, waits `settle-seconds`, then Chromium's CPU (every
 * process of it: renderers, GPU, browser) is read over `seconds` while the page sits there. Prints
 * JSON on stdout (percent of one core per path and motion), progress on stderr.
 */
import { commandCpuMs, loadAverage } from './support/procStats.ts';
import { launchBenchChromium, startBenchServer } from './support/browserBench.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const PATHS = (args.get('paths') ?? '/dataCenter/screen,/car/monitor,/home').split(',');
const SECONDS = Number(args.get('seconds') ?? 20);
const SETTLE = Number(args.get('settle-seconds') ?? 10);
const WIDTH = Number(args.get('width') ?? 1920);
const HEIGHT = Number(args.get('height') ?? 1080);
const MOTIONS = (args.get('motion') ?? 'no-preference,reduce').split(',') as Array<'no-preference' | 'reduce'>;
const PASSWORD = 'IdlePage-2026';
const log = (...a: unknown[]) => console.error(new Date().toISOString().slice(11, 19), ...a);

const server = await startBenchServer('idle-page', PASSWORD, 'index.html', {
  env: { CHELIAN_DEMO: '1' },
  readyLog: '演示模式已启动',
});
const browser = await launchBenchChromium();
const pages: Array<{ path: string; motion: string; percentOfCore: number }> = [];
try {
  for (const path of PATHS) {
    for (const motion of MOTIONS) {
      const context = await browser.newContext({ viewport: { width: WIDTH, height: HEIGHT }, locale: 'zh-CN', reducedMotion: motion });
      const page = await context.newPage();
      await page.goto(`${server.base}/login`);
      await page.locator('#username').fill('admin');
      await page.locator('#password').fill(PASSWORD);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('home-page').waitFor({ timeout: 30_000 });
      await page.goto(`${server.base}${path}`);
      await page.waitForTimeout(SETTLE * 1000);
      const before = commandCpuMs('chromium');
      await page.waitForTimeout(SECONDS * 1000);
      const percentOfCore = Math.round(((commandCpuMs('chromium') - before) / (SECONDS * 1000)) * 1000) / 10;
      log(`${path} (${motion}): Chromium ${percentOfCore} % of a core`);
      pages.push({ path, motion, percentOfCore });
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
console.log(
  JSON.stringify({ bench: 'idle-page', viewport: [WIDTH, HEIGHT], seconds: SECONDS, pages, loadAverageAtEnd: loadAverage() }, null, 2),
);
