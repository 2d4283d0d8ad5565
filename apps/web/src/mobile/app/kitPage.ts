import { lazy, type ComponentType } from 'react';

/**
 * A page drawn with antd-mobile, loaded when first shown: its code (m-pages, with the kit, m-kit)
 * and the kit's render hook for its imperative dialogs and toasts (shared/admRender.ts). The tabs
 * and 车队 are plain markup (m-start): a signed-in start on 车队 loads neither chunk
 * (docs/mobile.md, Budget and speed).
 */
export function kitPage(load: () => Promise<ComponentType>) {
  return lazy(() => Promise.all([load(), import('../shared/admRender.ts')]).then(([page]) => ({ default: page })));
}
