import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

/** Spec §9 progress-bar settings. */
export const PROGRESS_SETTINGS = { speed: 500, minimum: 0.3, trickleSpeed: 200 } as const;

NProgress.configure({ ...PROGRESS_SETTINGS, showSpinner: false });

export const progress = {
  start: () => NProgress.start(),
  done: () => NProgress.done(),
  settings: () => ({ ...NProgress.settings }),
};
