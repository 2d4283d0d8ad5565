import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { PluginOption } from 'vite';
import { BOOT_ANSWERS, BOOT_FLEET_CALL, BOOT_PLATFORM_ID, BOOT_SESSION_CALLS, LANDING_KEY } from '../src/mobile/app/bootCalls.ts';

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
const START =
  /[\\/]src[\\/]mobile[\\/](app[\\/](TabLayout|TabIcons|kitPage|shell)\.|operator[\\/](operatorRoutes|operatorPages|FleetPage|fleetStore|fleetView|useFleetSearch|texts|operator)\.|(pet|ebike|rider)[\\/](\w+Routes|texts)\.)/;
const PAGES = /[\\/]src[\\/]mobile[\\/](app[\\/]MinePage\.|shared[\\/](?!feedback\.)|(operator|pet|ebike|rider)[\\/])/;
const PAGES_OUT = /Map\.tsx$|\.test\.ts$/;

/**
 * What the kit and the pages import that desktop pages import too, in two chunks instead of ~20
 * (each a request of ≥ 0.6 s on slow 4G, six at a time): `ui-shared`, the libraries antd-mobile shares
 * with antd (rc-util, Babel's helpers, the form validator, lodash's throttle…), and `app-shared`, the
 * endpoint tables and web helpers the persona pages call (monitor, alarms, commands, pet, elecCar…).
 * Neither is a phone chunk: a desktop page that needs one of their modules loads the chunk (a few KB
 * more, fewer requests), and neither imports the phone's code. A module some page's first load
 * imports (statically reachable from an entry: the logins, the desktop shell) stays out, so no
 * login page loads either chunk.
 */
const UI_SHARED =
  /[\\/]node_modules[\\/](@babel[\\/]runtime|rc-util|async-validator|deepmerge|react-is|tslib|use-sync-external-store|classnames|@rc-component[\\/]mini-decimal|lodash)[\\/]/;
const APP_SHARED =
  /[\\/]packages[\\/]contracts[\\/]src[\\/](playback|commands|reports|track|elecCar|leaseRider|elecLeaseSchemas|pet|geofences)\.ts$|[\\/]apps[\\/]web[\\/]src[\\/]shared[\\/](format|live|vehicle|i18n)[\\/]/;

/**
 * Every page imports the endpoint tables through their index (@chelian/contracts), so the walk
 * up from a table does not pass through it (each would count as in every first load); the tables
 * in APP_SHARED are the ones no login page uses — alarms is out, the desktop's alarm bell polls it
 * from the shell's first load. e2e/delivery.e2e.ts's graph check and the benches' byte counts
 * (web-load, mobile-load) would show one that slipped into a first load.
 */
const CONTRACTS_INDEX = /[\\/]packages[\\/]contracts[\\/]src[\\/]index\.ts$/;
/** The sub-products' pages (after the desktop's login): their first load may take these chunks. */
const CHILD_PAGE = /[\\/]child[\\/]/;

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/**
 * Whether, going up the static importers from the module, one meets a module `reaches` accepts
 * (an unknown module counts as met). Memoised per question: the set walked is closed under the
 * importers, so when nothing is met, nothing is for any module in it either.
 */
function upwards(
  id: string,
  graph: ModuleGraph,
  memo: Map<string, boolean>,
  reaches: (id: string, entry: boolean) => boolean,
  skip?: RegExp,
): boolean {
  const walked = new Set<string>([id]);
  const todo = [id];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const info = graph.getModuleInfo(next);
    if (!info || memo.get(next) === true || reaches(next, info.isEntry)) {
      memo.set(id, true);
      return true;
    }
    for (const importer of info.importers) {
      if (skip?.test(importer)) continue;
      if (walked.has(importer) || memo.get(importer) === false) continue;
      walked.add(importer);
      todo.push(importer);
    }
  }
  for (const module of walked) memo.set(module, false);
  return false;
}

const memos = new WeakMap<
  ModuleGraph,
  { firstLoad: Map<string, boolean>; phone: Map<string, boolean>; phoneLogin: Map<string, boolean> }
>();
function memoOf(graph: ModuleGraph) {
  let memo = memos.get(graph);
  if (!memo) memos.set(graph, (memo = { firstLoad: new Map(), phone: new Map(), phoneLogin: new Map() }));
  return memo;
}

/**
 * The endpoint tables the desktop shell's first load uses (its alarm bell, its live feed), and the
 * small modules they import that every desktop page's first load and the phone's 车队 load beside
 * them (dayjs, the alarm names, typebox's Unknown): in shell-shared, not three chunks of ≤ 3 KB
 * that each took one of the 6 connections. With them the vehicle states and their texts (~1.3 KB
 * gzip), which 车队 draws its rows with: in app-shared they made 车队 load that whole chunk (~13 KB
 * of the persona pages' endpoint tables) for them.
 */
const SHELL_CONTRACTS =
  /[\\/]packages[\\/](contracts[\\/]src[\\/](alarms|monitor|assetKinds|beijingTime)|protocols[\\/]src[\\/]alarms)\.ts$|[\\/]node_modules[\\/](dayjs[\\/]dayjs\.min\.js|typebox[\\/]build[\\/]type[\\/]types[\\/]unknown\.mjs)$|[\\/]apps[\\/]web[\\/]src[\\/]shared[\\/](vehicle[\\/]vehicleState|i18n[\\/]vehicleTexts)\.ts$/;
const DESKTOP_SHELL = /[\\/]apps[\\/]web[\\/]index\.html$/;

/**
 * The list hooks' core (shared/list/useLoaded.ts, the loader and its late-answer guard under it,
 * useSettled and the debounce it uses): 车队's search loads through it, and the desktop's layout
 * imports it after login. In shell-shared (~1.7 KB gzip), not in three chunks of its own, each a
 * request of ≥ 0.56 s on 车队's first screen.
 */
const LIST_CORE =
  /[\\/]apps[\\/]web[\\/]src[\\/]shared[\\/](list[\\/](useLoaded|listLoader|externalState|newest|useSettled)|utils[\\/]timing)\.ts$/;

/**
 * The web app's text catalogue (shared/i18n/messages.ts and the module catalogues only it imports):
 * a chunk of its own, which the desktop's first load takes and 掌上车联 only with its pages after
 * 车队 (the phone's login and 车队 use shared/i18n/coreTexts.ts; in shell-shared it cost 车队 ~7 KB).
 */
const TEXTS = /[\\/]apps[\\/]web[\\/]src[\\/]shared[\\/]i18n[\\/](messages|center|child|alarmPush|fleetTexts|importCheck)\.ts$/;

/** The chunk a module of 掌上车联 goes to, or null (automatic chunking). */
export function mobileChunk(id: string, graph?: ModuleGraph): string | null {
  if (KIT.test(id)) return KIT_BOOT.test(id) ? null : 'm-kit';
  if (START.test(id)) return 'm-start';
  if (PAGES.test(id) && !PAGES_OUT.test(id)) return 'm-pages';
  if (!graph) return null;
  if (TEXTS.test(id)) return 'texts';
  const shellContract = SHELL_CONTRACTS.test(id) || LIST_CORE.test(id);
  if (!shellContract && !UI_SHARED.test(id) && !APP_SHARED.test(id)) return null;
  const memo = memoOf(graph);
  // only what the phone's kit and pages import (desktop-only modules stay where they were)
  if (!shellContract && !upwards(id, graph, memo.phone, (module) => mobileChunk(module) !== null)) return null;
  // never what the phone's login loads (it would load the whole chunk)
  if (
    upwards(
      id,
      graph,
      memo.phoneLogin,
      (module, entry) => entry && !DESKTOP_SHELL.test(module) && !CHILD_PAGE.test(module),
      CONTRACTS_INDEX,
    )
  )
    return null;
  // what the desktop shell loads first anyway, in one chunk with it: `shell-shared`
  if (shellContract || upwards(id, graph, memo.firstLoad, (module, entry) => entry && DESKTOP_SHELL.test(module), CONTRACTS_INDEX))
    return 'shell-shared';
  return UI_SHARED.test(id) ? 'ui-shared' : 'app-shared';
}

export const mobileChunkGroups = [{ name: mobileChunk, includeDependenciesRecursively: false }];

interface BundleChunk {
  type: 'chunk' | 'asset';
  name?: string;
  fileName: string;
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/** The files a chunk loads before it runs: itself and its static imports, all the way down. */
function staticClosure(bundle: Record<string, BundleChunk>, roots: string[]): string[] {
  const seen = new Set<string>();
  const todo = [...roots];
  for (let file = todo.shift(); file !== undefined; file = todo.shift()) {
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...(bundle[file]?.imports ?? []));
  }
  return [...seen];
}

/**
 * The boot script's source: with a stored session (not on the login page) it preloads `files` (the
 * code after login), then asks for the session's calls — and 车队's, when the app opens on it — with
 * the headers the request layer sends, leaving the answers where earlyCalls.ts takes them: both travel
 * while the entry's own files are still coming, instead of once they have all run (~1 s later on
 * slow 4G). The files first: the code is the longer path (the calls asked first were answered no
 * sooner and held the code back, 4.1 against 3.8 s side by side). A failed call leaves null (the app
 * asks again). Without a session it does nothing.
 */
export function bootSource(files: readonly string[]): string {
  const fleetStart = "p==='/fleet'||(p==='/'&&localStorage.getItem(" + JSON.stringify(LANDING_KEY) + ")==='/fleet')";
  return `(function(){try{
var sid=localStorage.getItem('sessionId');
if(!sid||/^\\/m\\/login/.test(location.pathname))return;
${JSON.stringify(files)}.forEach(function(f){var l=document.createElement('link'),s=/\\.css$/.test(f);l.rel=s?'preload':'modulepreload';if(s)l.as='style';else l.crossOrigin='';l.href='/'+f;document.head.appendChild(l)});
var base=String((window.__CHELIAN_CONFIG__||{}).baseUrl||'').replace(/\\/+$/,'');
var h={sessionId:sid,platformId:'${BOOT_PLATFORM_ID}'};
try{var u=JSON.parse(localStorage.getItem('USER')||'null');if(u&&u.userId!=null)h.userId=String(u.userId)}catch(e){}
var p=location.pathname.replace(/^\\/m(?=\\/|$)/,'').replace(/\\/+$/,'')||'/';
var calls=${JSON.stringify(BOOT_SESSION_CALLS)};
if(${fleetStart})calls.push(${JSON.stringify(BOOT_FLEET_CALL)});
var answers={};window.${BOOT_ANSWERS}={session:sid,calls:answers};
calls.forEach(function(c){answers[base+c]=fetch(base+c,{headers:h}).then(function(r){return r.text().then(function(b){return{status:r.status,type:r.headers.get('content-type')||'',body:b}})}).catch(function(){return null})});
}catch(e){}})();
`;
}

/**
 * `assets/m-boot-[hash].js`, a small plain script in 掌上车联's page (a script file: the CSP allows no
 * inline one), after /runtime-config.js (it reads the API's base): see bootSource.
 */
export function mobileBoot(): PluginOption {
  let boot: { fileName: string; source: string } | null = null;
  return {
    name: 'chelian-mobile-boot',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!/(^|[\\/])m[\\/]index\.html$/.test(ctx.filename) || !ctx.bundle || !ctx.chunk) return html;
        const bundle = ctx.bundle as unknown as Record<string, BundleChunk>;
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const roots = ['m-start'].flatMap((name) => chunks.filter((c) => c.name === name).map((c) => c.fileName));
        const entry = new Set(staticClosure(bundle, [ctx.chunk.fileName]));
        const code = staticClosure(bundle, roots).filter((file) => !entry.has(file));
        const css = code.flatMap((file) => [...(bundle[file]?.viteMetadata?.importedCss ?? [])]);
        const source = bootSource([...new Set([...css, ...code])]);
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        boot = { fileName: `assets/m-boot-${hash}.js`, source };
        return html.replace('<script src="/runtime-config.js"></script>', `$&\n    <script src="/${boot.fileName}"></script>`);
      },
    },
    writeBundle(options) {
      if (boot && options.dir) fs.writeFileSync(path.join(options.dir, boot.fileName), boot.source);
    },
  };
}
