import { fetchProvider } from './provider.ts';

/**
 * WeChat 网页授权 with snsapi_base, the documented way a page opened inside WeChat learns the payer's
 * openid for JSAPI pay (docs/payments.md): the phone goes to open.weixin.qq.com/connect/oauth2/authorize
 * (appid, redirect_uri, response_type=code, scope=snsapi_base, state, #wechat_redirect) and comes back
 * with ?code=&state=; the server exchanges the code once at api.weixin.qq.com/sns/oauth2/access_token
 * (appid, secret, code, grant_type=authorization_code), answered {access_token, expires_in,
 * refresh_token, openid, scope} or, still HTTP 200, {errcode, errmsg}. The secret never leaves the server.
 */
export interface WechatOauthConfig {
  /** the official account's app id: the one WeChat Pay's JSAPI orders name (WECHATPAY_APPID) */
  appId: string;
  /** the official account's AppSecret */
  secret: string;
  /** https://api.weixin.qq.com (a test points it at a local stand-in) */
  apiBaseUrl: string;
  /** https://open.weixin.qq.com/connect/oauth2/authorize */
  authorizeUrl: string;
}

export interface WechatOauth {
  /** what the phone needs to start: the app id and the authorize address (no secret) */
  readonly appId: string;
  readonly authorizeUrl: string;
  /** The payer's openid for a code; rejects with a Chinese reason. */
  openidOf(code: string): Promise<string>;
}

/** The errcodes a rider may meet, in words (others are shown with their errmsg). */
const REASONS: Record<number, string> = {
  40029: '授权码无效或已使用，请重新进入',
  40163: '授权码已使用，请重新进入',
  40013: '公众号 AppID 配置错误',
  40125: '公众号 AppSecret 配置错误',
  41008: '缺少授权码',
};

export function wechatOauth(c: WechatOauthConfig): WechatOauth {
  return {
    appId: c.appId,
    authorizeUrl: c.authorizeUrl,
    async openidOf(code: string) {
      const q = new URLSearchParams({ appid: c.appId, secret: c.secret, code, grant_type: 'authorization_code' });
      const res = await fetchProvider('微信接口', `${c.apiBaseUrl}/sns/oauth2/access_token?${q.toString()}`, {
        signal: AbortSignal.timeout(10_000),
      });
      if (!res.ok) throw new Error(`微信接口 HTTP ${res.status}`);
      let answer: { openid?: string; errcode?: number; errmsg?: string };
      try {
        answer = (await res.json()) as typeof answer;
      } catch {
        throw new Error('微信接口应答不是 JSON');
      }
      if (answer.errcode) throw new Error(REASONS[answer.errcode] ?? `${answer.errcode} ${answer.errmsg ?? ''}`.trim());
      if (!answer.openid || !/^[A-Za-z0-9_-]{1,64}$/.test(answer.openid)) throw new Error('微信未返回 openid');
      return answer.openid;
    },
  };
}
