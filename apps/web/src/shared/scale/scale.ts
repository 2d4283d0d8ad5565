/** Design size and clamp of spec §2/§9. */
export const DESIGN_WIDTH = 1366;
export const DESIGN_HEIGHT = 768;
export const MIN_SCALE = 0.5;
export const MAX_SCALE = 1;

/** The body scale for a window: the tighter of the two ratios, clamped to 0.5–1. */
export function computeScale(width: number, height: number): number {
  if (!(width > 0) || !(height > 0)) return MAX_SCALE;
  const ratio = Math.min(width / DESIGN_WIDTH, height / DESIGN_HEIGHT);
  return Math.round(Math.min(MAX_SCALE, Math.max(MIN_SCALE, ratio)) * 1000) / 1000;
}

/**
 * Applies the scale with CSS zoom (layout-aware, so popups and hit-testing stay right) and keeps
 * it current on resize. Returns the cleanup.
 */
export function installBodyScale(win: Window = window): () => void {
  const apply = () => {
    const scale = computeScale(win.innerWidth, win.innerHeight);
    win.document.body.style.setProperty('zoom', String(scale));
    win.document.documentElement.style.setProperty('--cl-scale', String(scale));
    win.document.body.dataset.scale = String(scale);
  };
  apply();
  win.addEventListener('resize', apply);
  return () => win.removeEventListener('resize', apply);
}
