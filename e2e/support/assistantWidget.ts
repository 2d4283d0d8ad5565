import type { BrowserContext, Locator, Page } from 'playwright-core';
import { whileOpen } from './browser.ts';
import { until } from './carFleet.ts';

/** The server's runtime configuration with the platform's own assistant switched on (AI_BASE_URL=/ai/, AI_SCRIPT_URL=/ai/assistant.js). */
export async function switchOn(context: BrowserContext): Promise<void> {
  await context.route(
    '**/runtime-config.js',
    whileOpen(async (route) => {
      const res = await route.fetch();
      const text = await res.text();
      const config = JSON.parse(text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1));
      await route.fulfill({
        contentType: 'application/javascript',
        body: `window.__CHELIAN_CONFIG__ = ${JSON.stringify({ ...config, aiBaseUrl: '/ai/', aiScriptUrl: '/ai/assistant.js' })};`,
      });
    }),
  );
}

export const widget = (page: Page) => page.locator('#chelian-assistant');
export const launcher = (page: Page) => widget(page).getByRole('button', { name: '打开AI智能助手' });
export const panel = (page: Page) => widget(page).getByRole('dialog', { name: 'AI智能助手' });
export const answers = (page: Page) => widget(page).locator('.msg.assistant[data-kind]');

/** Opens the panel and waits for the history the server keeps. */
export async function openPanel(page: Page): Promise<void> {
  await launcher(page).click();
  await widget(page).locator('.log[aria-busy="false"]').waitFor();
}

/** Types a question, sends it with Enter and gives its answer. */
export async function ask(page: Page, question: string): Promise<Locator> {
  const before = await answers(page).count();
  await panel(page).getByRole('textbox').fill(question);
  await page.keyboard.press('Enter');
  await until(async () => (await answers(page).count()) > before, 15_000, 100);
  return answers(page).last();
}
