// Opens every menu entry of the shell and of every sub-product a user may see, at the two screen
// sizes operators use most, and saves a screenshot of each for a person to look at. It also lists
// the text on each page that an operator should never read (NaN, undefined, Invalid Date, raw
// objects, [object Object]) so a review starts from the suspicious pages.
//
//   node --import tsx scripts/screenshot-menus.ts --url http://localhost:8080 --user demo --password … [--out /tmp/menus] [--only car]
//
// Not a test: it judges nothing by itself. Chromium from CHROMIUM_PATH or /usr/bin/chromium.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Frame, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    user: { type: 'string', default: 'demo' },
    password: { type: 'string' },
    out: { type: 'string', default: '/tmp/menus' },
    only: { type: 'string' },
    sizes: { type: 'string', default: '1366x768,1920x1080' },
    settle: { type: 'string', default: '2500' },
  },
});
if (!args.password) throw new Error('--password is required');

const SUSPICIOUS = /NaN|undefined|Invalid Date|\[object |null(?![\u4e00-\u9fa5])|\{"|TypeError|Error:/;

interface MenuEntry {
  path: string;
  name: string;
}

async function login(page: Page) {
  await page.goto(`${args.url}/login`);
  await page.locator('#username').fill(args.user!);
  await page.locator('#password').fill(args.password!);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/home', { timeout: 30_000 });
}

/** Every menu path of the user's resource list (pages, not buttons), in menu order. */
async function menuEntries(page: Page): Promise<MenuEntry[]> {
  type Node = { type: number; path: string; name: string; children?: Node[] };
  // only plain expressions inside evaluate: tsx names functions with a helper the page lacks
  const tree = (await page.evaluate(() =>
    fetch('/car/v1/api/resource/newList.json?version=v4&from=carWeb4', {
      headers: { sessionId: localStorage.getItem('sessionId') ?? '' },
    }).then((r) => r.json()),
  )) as { obj: Node[] };
  const out: MenuEntry[] = [{ path: '/home', name: '首页' }];
  const walk = (nodes: Node[]) =>
    nodes.forEach((n) => {
      if (n.type !== 3 && n.path) out.push({ path: n.path, name: n.name });
      walk(n.children ?? []);
    });
  walk(tree.obj);
  return out;
}

/** The sub-product frame, when the path is a sub-product's. */
function childFrameOf(page: Page): Frame | undefined {
  return page.frames().find((f) => f.name().startsWith('chelian-'));
}

async function settle(page: Page) {
  await page
    .getByTestId('main-layout')
    .waitFor({ timeout: 20_000 })
    .catch(() => undefined);
  const frame = childFrameOf(page);
  if (frame)
    await frame
      .locator('[data-testid="child-app"]')
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
  await page.waitForTimeout(Number(args.settle));
  const target = frame ?? page.mainFrame();
  await target
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 8_000 })
    .catch(() => undefined);
}

async function suspiciousText(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const frame of page.frames()) {
    const text = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
    for (const line of text.split('\n')) if (SUSPICIOUS.test(line)) found.push(`${frame.name() || 'shell'}: ${line.trim().slice(0, 160)}`);
  }
  return found;
}

async function main() {
  fs.mkdirSync(args.out!, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const report: string[] = [];
  try {
    for (const size of args.sizes!.split(',')) {
      const [width, height] = size.split('x').map(Number);
      const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await login(page);
      let entries = await menuEntries(page);
      if (args.only) entries = entries.filter((e) => e.path.includes(args.only!));
      for (const entry of entries) {
        errors.length = 0;
        await page.goto(`${args.url}${entry.path}`);
        await settle(page);
        const file = `${width}-${entry.path.replace(/^\//, '').replace(/\/$/, '').replace(/\//g, '_') || 'root'}.png`;
        await page.screenshot({ path: path.join(args.out!, file) });
        const odd = await suspiciousText(page);
        const line = `${file}\t${entry.name}${odd.length ? `\tTEXT: ${odd.join(' | ')}` : ''}${errors.length ? `\tERRORS: ${errors.join(' | ')}` : ''}`;
        report.push(line);
        console.log(line);
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
  fs.writeFileSync(path.join(args.out!, 'report.tsv'), `${report.join('\n')}\n`);
}

await main();
