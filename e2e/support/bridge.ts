import type { Frame, Page } from 'playwright-core';

/** The sub-product frame of the shell page, once its app has rendered. */
export async function childFrame(page: Page, system: string): Promise<Frame> {
  await page.locator(`iframe[name="chelian-${system}"]`).waitFor();
  let frame = page.frame({ name: `chelian-${system}` });
  for (let i = 0; !frame && i < 50; i++) {
    await page.waitForTimeout(100);
    frame = page.frame({ name: `chelian-${system}` });
  }
  if (!frame) throw new Error(`no frame for ${system}`);
  await frame.locator('[data-testid="child-app"]').waitFor();
  return frame;
}

/** Posts a bridge message from inside the sub-product frame to the shell, as the child app does. */
export async function postFromChild(frame: Frame, type: string, payload: unknown): Promise<void> {
  await frame.evaluate(
    ([t, p]) => window.parent.postMessage({ source: 'chelian-bridge', type: t, payload: p, system: 'test' }, window.location.origin),
    [type, payload] as const,
  );
}
