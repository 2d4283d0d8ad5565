/**
 * The app shell's service worker (/m/sw.js, scope /m/): the page and its built assets come from
 * the cache when the network fails; API answers are never cached (public/m/sw.js).
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || !window.location.pathname.startsWith('/m')) return;
  if (import.meta.env.DEV) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/m/sw.js', { scope: '/m/' }).catch((error: unknown) => console.warn('service worker', error));
  });
}
