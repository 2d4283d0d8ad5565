/**
 * 掌上车联's code after login in two chunks instead of ~40 (docs/mobile.md, Budget): on a phone's
 * HTTP/1.1 (6 connections a host, ~0.6 s a round trip on slow 4G) antd-mobile's one-file-a-component
 * chunks queued the session's calls and the pages behind them.
 *  - `m-kit`: antd-mobile and the libraries only it uses (its animation, gestures, forms, icons);
 *  - `m-pages`: the tab layout, 我的, mobile/shared/ and every persona's module and pages — not their
 *    maps (maplibre stays lazy). One chunk: split by persona, the chunks imported each other in a
 *    circle through the kit's common dependencies, and a page ran before the texts it reads.
 * Only libraries no desktop page uses may be in the kit: a desktop chunk importing one would load
 * the kit, and with it 掌上车联's entry, whose start then runs inside the desktop page
 * (@rc-component/mini-decimal, which antd's InputNumber uses too, once put the phone app's router
 * into 电单车租赁's pages; e2e/delivery.e2e.ts checks that no desktop page can reach these chunks).
 * Nothing on the login screen's path may match (a match pulls its whole chunk into the first load):
 * antd-mobile's `es/global` and what it imports stay out, as do the other files of mobile/app/ and
 * mobile/shared/feedback.ts. Dependencies are not pulled in (React, the request layer and the
 * contracts stay in the chunks the desktop shares).
 */
const KIT =
  /[\\/]node_modules[\\/](antd-mobile|antd-mobile-icons|antd-mobile-v5-count|@react-spring|@use-gesture|@floating-ui|ahooks|rc-field-form|rc-segmented|runes2|staged-components|nano-memoize|react-fast-compare)[\\/]/;
const KIT_BOOT = /[\\/]antd-mobile[\\/]es[\\/](global|utils[\\/]can-use-dom)/;
const PAGES = /[\\/]src[\\/]mobile[\\/](app[\\/](TabLayout|MinePage)\.|shared[\\/](?!feedback\.)|(operator|pet|ebike|rider)[\\/])/;
const PAGES_OUT = /Map\.tsx$|\.test\.ts$/;

/** The chunk a module of 掌上车联 goes to, or null (automatic chunking). */
export function mobileChunk(id: string): string | null {
  if (KIT.test(id)) return KIT_BOOT.test(id) ? null : 'm-kit';
  return PAGES.test(id) && !PAGES_OUT.test(id) ? 'm-pages' : null;
}

export const mobileChunkGroups = [{ name: mobileChunk, includeDependenciesRecursively: false }];
