/**
 * What e2e/agreement.e2e.ts reads: one demo server's API as a user, and the figures of its pages
 * (report cards, a list's 共 N 条, 实时监控's tabs, 数据中心's figures), each page opened as that
 * user by deep link in a tab of its own.
 */
import crypto from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { openTab, shot, type Tab } from './support/browser.ts';

export interface Envelope<T> {
  status: number;
  flag: number;
  msg: string;
  obj: T;
}

/** One user's API on one server, as the web app calls it. */
export class Api {
  constructor(
    readonly baseUrl: string,
    readonly sessionId = '',
  ) {}

  async call<T>(path: string, body?: Record<string, unknown>, json = false): Promise<Envelope<T>> {
    const headers: Record<string, string> = this.sessionId ? { sessionId: this.sessionId } : {};
    const init: RequestInit = { headers };
    if (body) {
      init.method = 'POST';
      init.body = json ? JSON.stringify(body) : new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]));
      headers['content-type'] = json ? 'application/json' : 'application/x-www-form-urlencoded';
    }
    const res = await fetch(`${this.baseUrl}${path}`, init);
    const text = await res.text();
    try {
      return { status: res.status, ...(JSON.parse(text) as Omit<Envelope<T>, 'status'>) };
    } catch {
      return { status: res.status, flag: 0, msg: text.slice(0, 200), obj: undefined as T };
    }
  }

  /** The answer's obj, or a thrown error naming the call and the server's message. */
  async ok<T>(path: string, body?: Record<string, unknown>, json = false): Promise<T> {
    const res = await this.call<T>(path, body, json);
    if (res.flag !== 1) throw new Error(`${path}: ${res.status} ${res.msg}`);
    return res.obj;
  }

  async encrypt(text: string): Promise<string> {
    const config = await this.ok<{ publicKey: string }>('/oauthToken/getConfig');
    return crypto
      .publicEncrypt({ key: config.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(text))
      .toString('base64');
  }

  /** Logs in like the web app (RSA PKCS#1 v1.5 password) and gives that user's API. */
  async login(username: string, password: string): Promise<Api> {
    const { sessionId } = await this.ok<{ sessionId: string }>('/oauth/v4/token', { username, password: await this.encrypt(password) });
    return new Api(this.baseUrl, sessionId);
  }
}

/** Today and its start, as Beijing counts them (every report's day). */
export function beijingToday(now = Date.now()): { day: string; startMs: number } {
  const day = new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
  return { day, startMs: Date.parse(`${day}T00:00:00+08:00`) };
}

/**
 * A tab signed in as the API's user (its session in localStorage, as the login page leaves it),
 * recording every call the pages make that the server refuses for want of a permission.
 */
export async function tabAs(browser: Browser, api: Api): Promise<Tab & { refused: string[] }> {
  const tab = await openTab(browser, { width: 1600, height: 900 });
  const refused: string[] = [];
  const received: Array<{ url: string; obj: unknown }> = [];
  answers.set(tab.page, received);
  tab.page.on('response', (r) => {
    if (r.status() === 403) refused.push(`${r.status()} ${r.url()}`);
    else if ((r.headers()['content-type'] ?? '').includes('json'))
      void r.json().then(
        (b: { msg?: string; flag?: number; obj?: unknown }) => {
          if (b?.msg === '没有该操作的权限') refused.push(`没有该操作的权限 ${r.url()}`);
          else if (b?.flag === 1) received.push({ url: r.url(), obj: b.obj });
        },
        () => undefined,
      );
  });
  await tab.page.goto(`${api.baseUrl}/404`);
  await tab.page.evaluate((id) => localStorage.setItem('sessionId', id), api.sessionId);
  return { ...tab, refused };
}

/** Opens a page by deep link and waits for the element that says it rendered. */
export async function open(page: Page, baseUrl: string, path: string, testId: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await page
    .getByTestId(testId)
    .first()
    .waitFor({ timeout: 30_000 })
    .catch(async (error) => {
      await shot(page, `agreement-${testId}-failed`);
      throw new Error(`${path} did not open: ${(await page.locator('body').innerText()).slice(0, 300)}`, { cause: error });
    });
}

/** A number as a page prints it (1,234.56 or 1234), or NaN. */
export const numberOf = (text: string) => Number(text.replace(/[,\s]/g, '').replace(/[^\d.-].*$/, ''));

/** A report page's cards, by title: `{ 报警总数: 57, 平台超速报警: 45 }`. */
export async function reportCards(page: Page): Promise<Record<string, number>> {
  const cards = page.locator('.report-stat');
  await cards.first().waitFor();
  const out: Record<string, number> = {};
  for (const card of await cards.all()) {
    const title = (await card.locator('.ant-statistic-title').innerText()).trim();
    out[title] = numberOf(await card.locator('.ant-statistic-content').innerText());
  }
  return out;
}

/** The 共 N 条 of the first list on the page (a list with no rows shows none: 0). */
export async function listTotal(page: Page, within = page.locator('body')): Promise<number> {
  const text = within.locator('.ant-pagination-total-text').first();
  if ((await text.count()) === 0) return within.locator('tbody tr.ant-table-row').count();
  return Number(/共\s*(\d+)\s*条/.exec(await text.innerText())?.[1] ?? Number.NaN);
}

/** Waits until a report's table has loaded (its spinner gone). */
export async function settled(page: Page): Promise<void> {
  await page.locator('.ant-table-tbody').first().waitFor();
  await page
    .locator('.ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached', timeout: 30_000 })
    .catch(() => {});
  await page.waitForTimeout(300);
}

/** The JSON answers each tab's pages received, newest last. */
const answers = new WeakMap<Page, Array<{ url: string; obj: unknown }>>();

/** The newest answer (`obj`) of the page's calls whose URL holds `call`, waiting for one: what its figures must show. */
export async function waitAnswer<T>(page: Page, call: string, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (answers.get(page) ?? []).filter((a) => a.url.includes(call)).at(-1);
    if (found) return found.obj as T;
    if (Date.now() > until) throw new Error(`the page made no call to ${call}`);
    await page.waitForTimeout(200);
  }
}

/** Every row of a paged list, page by page (500 a page, the API's most). */
export async function allRows<T>(api: Api, path: string): Promise<{ list: T[]; total: number }> {
  const list: T[] = [];
  for (let current = 1; ; current++) {
    const page = await api.ok<{ list: T[]; total: number }>(`${path}${path.includes('?') ? '&' : '?'}pageSize=500&current=${current}`);
    list.push(...page.list);
    if (page.list.length < 500) return { list, total: page.total };
  }
}

/** How many rows of a list each vehicle has: `{ '12': 3 }`. */
export function perVehicle(list: ReadonlyArray<{ vehicleId: number | null }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const r of list) counts[String(r.vehicleId)] = (counts[String(r.vehicleId)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}
