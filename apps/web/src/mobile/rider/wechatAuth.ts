/**
 * WeChat 网页授权 (snsapi_base) for JSAPI pay inside WeChat (docs/payments.md): the phone goes to
 * WeChat's authorize page and comes back to the same page with ?code=&state=; the server turns the
 * code into the rider's openid. What the page was paying waits in sessionStorage meanwhile, and the
 * state must be the one this tab sent (a code arriving for another tab, or forged, is ignored).
 */
export interface WechatOauthInfo {
  appId: string;
  authorizeUrl: string;
}

/** What to pay once the openid is known. */
export interface PendingPay {
  contractId: number;
  billId?: number;
  amountFen: number;
}

const KEY = { openid: 'rd-wx-openid', state: 'rd-wx-state', pending: 'rd-wx-pending' };

/** WeChat's in-app browser says so in its user agent. */
export const inWechat = (ua = typeof navigator === 'undefined' ? '' : navigator.userAgent) => /MicroMessenger/i.test(ua);

/** The authorize address as documented: appid, redirect_uri (encoded), response_type=code, scope=snsapi_base, state, #wechat_redirect. */
export function authorizeUrl(o: WechatOauthInfo, redirectUri: string, state: string): string {
  const q = new URLSearchParams({ appid: o.appId, redirect_uri: redirectUri, response_type: 'code', scope: 'snsapi_base', state });
  return `${o.authorizeUrl}?${q.toString()}#wechat_redirect`;
}

/** Where WeChat sends the rider back: 账单 of the contract, which finishes the payment (RiderBillsPage). */
export const billsPageUrl = (contractId: number, origin = location.origin) => `${origin}/m/rider/bills?contractId=${contractId}`;

export const storedOpenid = (s: Storage = sessionStorage) => s.getItem(KEY.openid) ?? '';
export const forgetOpenid = (s: Storage = sessionStorage) => s.removeItem(KEY.openid);
export const rememberOpenid = (openid: string, s: Storage = sessionStorage) => s.setItem(KEY.openid, openid);

/** Leaves for WeChat's authorize page, keeping what to pay and the state for the way back. */
export function startAuthorize(
  o: WechatOauthInfo,
  pending: PendingPay,
  s: Storage = sessionStorage,
  go = (url: string) => location.assign(url),
) {
  const state = Math.random().toString(36).slice(2, 12);
  s.setItem(KEY.state, state);
  s.setItem(KEY.pending, JSON.stringify(pending));
  go(authorizeUrl(o, billsPageUrl(pending.contractId), state));
}

/** Back from WeChat: the code when the state is this tab's (used once), and what was being paid. */
export function takeReturn(
  code: string | null,
  state: string | null,
  s: Storage = sessionStorage,
): { code: string; pending: PendingPay | null } | null {
  const expected = s.getItem(KEY.state);
  if (!code || !state || !expected || state !== expected) return null;
  s.removeItem(KEY.state);
  const raw = s.getItem(KEY.pending);
  s.removeItem(KEY.pending);
  let pending: PendingPay | null = null;
  try {
    pending = raw ? (JSON.parse(raw) as PendingPay) : null;
  } catch {
    pending = null;
  }
  return { code, pending };
}
