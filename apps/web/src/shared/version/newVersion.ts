/** How often a page asks whether its build is still the deployed one (and when it comes back into view). */
export const VERSION_CHECK_MS = 5 * 60_000;

/** The build this page was served from (apps/web/build/buildHash.ts stamps it); none in development. */
export function currentBuild(doc: Document = document): string | null {
  return doc.querySelector<HTMLMetaElement>('meta[name="chelian-build"]')?.content || null;
}

/**
 * Calls `onNewVersion` once when a newer build has been deployed: this build's `/{hash}.json` is
 * gone (404), or a lazy chunk of this build failed to load (Vite's preloadError). Answers other
 * than 404 (offline, a server restarting) say nothing. Returns a stop function.
 */
export function watchForNewVersion(
  onNewVersion: () => void,
  opts: { intervalMs?: number; fetcher?: typeof fetch; build?: string | null } = {},
): () => void {
  const build = opts.build === undefined ? currentBuild() : opts.build;
  const fetcher = opts.fetcher ?? ((input, init) => fetch(input, init));
  let announced = false;
  const announce = () => {
    if (announced) return;
    announced = true;
    onNewVersion();
  };
  const check = async () => {
    if (!build || announced) return;
    try {
      const res = await fetcher(`/${build}.json`, { cache: 'no-store' });
      if (res.status === 404) announce();
    } catch {
      /* offline: ask again later */
    }
  };
  const onVisible = () => document.visibilityState === 'visible' && void check();
  const onPreloadError = (event: Event) => {
    event.preventDefault();
    announce();
  };
  const timer = setInterval(() => void check(), opts.intervalMs ?? VERSION_CHECK_MS);
  document.addEventListener('visibilitychange', onVisible);
  window.addEventListener('vite:preloadError', onPreloadError);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', onVisible);
    window.removeEventListener('vite:preloadError', onPreloadError);
  };
}
