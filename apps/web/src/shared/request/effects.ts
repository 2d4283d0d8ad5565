/**
 * What the request layer does to the screen, registered by each app at start-up (the shell and
 * the sub-product pages show toasts and dialogs through their own antd App context).
 */
export interface RequestEffects {
  toastError(msg: string): void;
  /** Shows the 会话过期 confirm dialog; calls onLogin when 登录 is chosen. */
  confirmExpired(onLogin: () => void): void;
  goLogin(): void;
}

let effects: RequestEffects = {
  toastError: (msg) => console.error(msg),
  confirmExpired: (onLogin) => onLogin(),
  goLogin: () => window.location.assign('/login'),
};

export function setRequestEffects(next: Partial<RequestEffects>): void {
  effects = { ...effects, ...next };
}

export function requestEffects(): RequestEffects {
  return effects;
}

let expiryDialogOpen = false;

/** Many calls can expire at once; only one dialog shows. */
export function showExpiryDialogOnce(): void {
  if (expiryDialogOpen) return;
  if (typeof window !== 'undefined' && window.location.pathname === '/login') return;
  expiryDialogOpen = true;
  effects.confirmExpired(() => {
    expiryDialogOpen = false;
    effects.goLogin();
  });
}

export function expiryDialogClosed(): void {
  expiryDialogOpen = false;
}
