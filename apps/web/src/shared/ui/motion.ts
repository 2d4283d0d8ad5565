/**
 * Whether the page may move by itself: off when the user's system asks for reduced motion (a
 * browser test asks the same). The one place the maps' camera, the charts' animations and the 大屏's
 * pulsing dots read it.
 */
export function motionWanted(): boolean {
  return typeof window === 'undefined' || !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
}
