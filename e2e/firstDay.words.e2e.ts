import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { baseUrl, launch, login, openTab, shot, whileOpen } from './support/browser.ts';
import { apiLogin } from './support/server.ts';
import { e2eServer } from './support/e2eServer.ts';

// Issue 35, items 4 and 5: what an operator reads on the first day — the welcome quotes this
// server's terminal ports, and 安全中心 offers 解除微信绑定 only while a WeChat account is bound.
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('words an operator reads', () => {
  it('the welcome announcement quotes the ports this server listens on and the host terminals dial', async () => {
    const session = await apiLogin();
    const page1 = await (
      await fetch(`${baseUrl()}/car/v1/helpCenter/helpMessage/pageHelpMessage?type=announcement&pageSize=50`, {
        headers: { sessionId: session },
      })
    ).json();
    const welcome = page1.obj.list.find((m: { title: string }) => m.title === '欢迎使用车联智能管理平台');
    expect(welcome).toBeTruthy();

    const { page, context, errors } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/center/detail?id=${welcome.id}`);
    const detail = page.getByTestId('notice-detail');
    await detail.getByText(`GT06 为 ${e2eServer().gt06Port}`).waitFor();
    await detail.getByText(`手表协议为 ${e2eServer().watchPort}`).waitFor();
    // no TERMINAL_HOST on the test server: the host the browser reached is the one terminals dial
    await detail.getByText(`终端接入地址：${new URL(baseUrl()).hostname}；`).waitFor();
    expect(await detail.textContent()).not.toMatch(/\{\{|GT06 为 5023(?!\d)/);
    await shot(page, 'center-welcome-ports');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('安全中心 offers 解除微信绑定 only while WeChat is bound', async () => {
    const { page, context, errors } = await openTab(browser);
    await login(page);
    await page.goto(`${baseUrl()}/center/security`);
    const card = page.getByTestId('binding-card');
    await card.getByText('尚未绑定微信').waitFor();
    expect(await card.getByText('解除微信绑定').count()).toBe(0);

    // The same page for a user whose WeChat is bound (the server's answer, as it would come).
    await page.route(
      '**/userAuth/doGetAuthData.json*',
      whileOpen(async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        await route.fulfill({ response: res, json: { ...body, obj: { ...body.obj, wxBound: true, wxNickname: '车队老王' } } });
      }),
    );
    await page.reload();
    await card.getByText('已绑定微信（车队老王）').waitFor();
    await card.getByTestId('unbind-wx').waitFor();
    expect(await card.getByTestId('unbind-wx').isEnabled()).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
