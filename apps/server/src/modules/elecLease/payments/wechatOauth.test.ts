import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wechatStandIn, type WechatStandIn } from './wechatStandIn.ts';
import { wechatOauth } from './wechatOauth.ts';

/*
 * WeChat 网页授权 (snsapi_base) against the stand-in playing open.weixin.qq.com's authorize redirect
 * and api.weixin.qq.com's code exchange as documented: a code gives the openid once; errcodes in words.
 */
let w: WechatStandIn;
beforeAll(async () => {
  w = await wechatStandIn();
});
afterAll(() => w?.close());

const oauthOf = (secret = w.oauth.secret) =>
  wechatOauth({ appId: w.config.appid, secret, apiBaseUrl: w.oauth.apiBaseUrl, authorizeUrl: w.oauth.authorizeUrl });

describe('WeChat 网页授权', () => {
  it('sends the browser back with a code and the state, which gives the openid once', async () => {
    const q = new URLSearchParams({
      appid: w.config.appid,
      redirect_uri: 'https://chelian.example/m/rider/bills?wx=1',
      response_type: 'code',
      scope: 'snsapi_base',
      state: 'st-123',
    });
    const res = await fetch(`${w.oauth.authorizeUrl}?${q.toString()}#wechat_redirect`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('https://chelian.example/m/rider/bills');
    expect(back.searchParams.get('state')).toBe('st-123');
    expect(back.searchParams.get('wx')).toBe('1');
    const code = back.searchParams.get('code')!;
    expect(await oauthOf().openidOf(code)).toMatch(/^oStandIn_/);
    await expect(oauthOf().openidOf(code)).rejects.toThrow('授权码无效或已使用，请重新进入');
  });

  it('says in words when the secret is wrong', async () => {
    await expect(oauthOf('0'.repeat(32)).openidOf(w.oauth.codeFor('oX'))).rejects.toThrow('公众号 AppSecret 配置错误');
  });
});

describe('a provider out of reach', () => {
  it('is said in Chinese, not as the runtime words it', async () => {
    const gone = wechatOauth({ appId: 'wx1', secret: 's', apiBaseUrl: 'http://127.0.0.1:9', authorizeUrl: 'x' });
    await expect(gone.openidOf('c')).rejects.toThrow('无法连接微信接口，请稍后重试');
  });
});
