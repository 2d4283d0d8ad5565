// Measures every list table on the given pages at one screen size: the width the table has, the
// width it scrolls to, and for each column its width, the widest cell it holds on one line (header
// included) and how many cells are cut by the ellipsis. It is how the widths of the wide tables
// (apps/web/src/shared/ui/wideTable.ts, docs/web.md) are chosen and checked.
//
//   node --import tsx scripts/table-widths.ts --url http://localhost:8080 --user demo --password … --paths /car/vehicle,/elec-lease/order [--click 推送失败]
//
// Not a test: it judges nothing by itself. Chromium from CHROMIUM_PATH or /usr/bin/chromium.
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../e2e/support/browser.ts';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string', default: 'http://localhost:8080' },
    user: { type: 'string', default: 'demo' },
    password: { type: 'string' },
    paths: { type: 'string' },
    size: { type: 'string', default: '1366x768' },
    /** a text to click once the page is open (a tab) */
    click: { type: 'string' },
  },
});
if (!args.password || !args.paths) throw new Error('--password and --paths are required');

interface Column {
  title: string;
  width: number;
  widest: number;
  cut: number;
}
interface Measured {
  testId: string;
  available: number;
  scrolls: number;
  rows: number;
  columns: Column[];
}

// A plain string evaluated in the page: tsx names functions with a helper the page lacks.
const MEASURE = `(() => {
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;left:-99999px;top:0;white-space:nowrap;visibility:hidden;display:inline-block';
  document.body.appendChild(probe);
  const widest = (cell) => {
    const style = getComputedStyle(cell);
    probe.style.font = style.font;
    probe.innerHTML = cell.innerHTML;
    return Math.ceil(probe.getBoundingClientRect().width + parseFloat(style.paddingLeft) + parseFloat(style.paddingRight));
  };
  const out = [...document.querySelectorAll('.ant-table-wrapper')].filter((w) => w.offsetParent).map((w) => {
    const holder = w.querySelector('.ant-table-content, .ant-table-body');
    const rows = [...w.querySelectorAll('tbody tr.ant-table-row')];
    const columns = [...w.querySelectorAll('thead tr:last-child th')].map((th, i) => {
      const width = Math.round(th.getBoundingClientRect().width);
      let most = widest(th), cut = 0;
      for (const row of rows) {
        const td = row.children[i];
        if (!td) continue;
        const need = widest(td);
        most = Math.max(most, need);
        if (need > td.getBoundingClientRect().width + 1) cut++;
      }
      return { title: th.innerText.trim() || '(' + th.className.replace(/.*ant-table-(selection|row-expand-icon)-?c.*/, '$1') + ')', width, widest: most, cut };
    });
    return { testId: w.querySelector('[data-testid]')?.getAttribute('data-testid') ?? '', available: holder?.clientWidth ?? 0, scrolls: w.querySelector('table')?.scrollWidth ?? 0, rows: rows.length, columns };
  });
  probe.remove();
  return out;
})()`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const [width, height] = args.size!.split('x').map(Number);
  const page = await (await browser.newContext({ viewport: { width, height }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
  await page.goto(`${args.url}/login`);
  await page.locator('#username').fill(args.user!);
  await page.locator('#password').fill(args.password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((u) => u.pathname === '/home', { timeout: 30_000 });
  for (const path of args.paths.split(',')) {
    await page.goto(`${args.url}${path}`);
    await page.waitForTimeout(4000);
    // the tab may be in the shell or in a sub-product's frame
    if (args.click)
      for (const frame of page.frames())
        await frame
          .getByText(args.click, { exact: true })
          .first()
          .click({ timeout: 2000 })
          .catch(() => undefined);
    if (args.click) await page.waitForTimeout(2000);
    for (const frame of page.frames()) {
      await frame
        .locator('.ant-spin-spinning')
        .first()
        .waitFor({ state: 'detached', timeout: 8000 })
        .catch(() => undefined);
      const tables = (await frame.evaluate(MEASURE).catch(() => [])) as Measured[];
      for (const t of tables) {
        console.log(
          `${path} ${t.testId} has ${t.available} px, needs ${t.scrolls} px${t.scrolls > t.available ? ' (scrolls)' : ''}, ${t.rows} rows`,
        );
        console.log(`  ${t.columns.map((c) => `${c.title} ${c.width}/${c.widest}${c.cut ? ` cut×${c.cut}` : ''}`).join(' | ')}`);
      }
    }
  }
} finally {
  await browser.close();
}
