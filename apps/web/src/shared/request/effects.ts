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

/**
 * The 会话过期 dialog's state: 'open' while it shows, 'leaving' once 登录 was chosen (the way to
 * /login is under way: calls that meet 4010 meanwhile — a poll, a page's loads — open nothing
 * more) until a new session starts.
 */
let expiry: 'none' | 'open' | 'leaving' = 'none';

/** Many calls can expire at once; only one dialog shows, and none after 登录 was chosen. */
export function showExpiryDialogOnce(): void {
  if (expiry !== 'none') return;
  if (typeof window !== 'undefined' && window.location.pathname === '/login') return;
  expiry = 'open';
  effects.confirmExpired(() => {
    expiry = 'leaving';
    effects.goLogin();
  });
}

/** 关闭: the user stays; the next call that meets 4010 asks again. */
export function expiryDialogClosed(): void {
  if (expiry === 'open') expiry = 'none';
}

/** A new session (login): a later expiry shows the dialog again. */
export function sessionStarted(): void {
  expiry = 'none';
}
