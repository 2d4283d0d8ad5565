// 掌上车联's service worker (scope /m/): the app shell works offline once it has been opened.
// Cached: the /m/ page, the built files it loads (hashed names, so a file never changes under its
// name), its icons and manifest, /runtime-config.js. Never cached: API answers, the live feed,
// map tiles — anything else goes to the network untouched.
const SHELL = 'chelian-m-shell-v1';
const PAGE = '/m/';
const STATIC = ['/m/manifest.webmanifest', '/m/icons/icon.svg', '/m/icons/icon-192.png', '/runtime-config.js'];

/** The page's own scripts and stylesheets, read from its HTML, go in with it. */
async function precache() {
  const cache = await caches.open(SHELL);
  const page = await fetch(PAGE, { cache: 'no-cache' });
  if (!page.ok) return;
  const html = await page.clone().text();
  await cache.put(PAGE, page);
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  await Promise.all([...assets, ...STATIC].map((url) => cache.add(url).catch(() => undefined)));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith('chelian-m-') && k !== SHELL).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

async function networkFirst(request, key) {
  const cache = await caches.open(SHELL);
  try {
    const fresh = await fetch(request);
    if (fresh.ok) await cache.put(key, fresh.clone());
    return fresh;
  } catch (error) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw error;
  }
}

async function cacheFirst(request) {
  const cache = await caches.open(SHELL);
  const cached = await cache.match(request);
  if (cached) return cached;
  const fresh = await fetch(request);
  if (fresh.ok) await cache.put(request, fresh.clone());
  return fresh;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // every page of the app is the one /m/ page (the router draws the rest)
  if (request.mode === 'navigate' && url.pathname.startsWith('/m/')) return event.respondWith(networkFirst(request, PAGE));
  if (url.pathname.startsWith('/assets/')) return event.respondWith(cacheFirst(request));
  if (STATIC.includes(url.pathname)) return event.respondWith(networkFirst(request, url.pathname));
});
