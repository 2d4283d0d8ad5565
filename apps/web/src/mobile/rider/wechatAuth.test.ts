import { describe, expect, it } from 'vitest';
import { authorizeUrl, billsPageUrl, inWechat, takeReturn } from './wechatAuth.ts';

/** A Storage over a Map (the unit tests run without a browser). */
function memoryStorage(): Storage {
  const m = new Map<string, string>();
  return {
    get length() {
      return m.size;
    },
    clear: () => m.clear(),
    getItem: (k) => m.get(k) ?? null,
    key: (i) => [...m.keys()][i] ?? null,
    removeItem: (k) => void m.delete(k),
    setItem: (k, v) => void m.set(k, v),
  };
}

describe('WeChat 网页授权 on the rider pages', () => {
  it('knows WeChat by its user agent', () => {
    expect(inWechat('Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 MicroMessenger/8.0.50(0x1800322d) NetType/WIFI')).toBe(true);
    expect(inWechat('Mozilla/5.0 (Linux; Android 14) Chrome/126.0 Mobile Safari/537.36')).toBe(false);
  });

  it('builds the documented authorize address with the way back to 账单', () => {
    const url = authorizeUrl(
      { appId: 'wxd678efh567hg6787', authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize' },
      billsPageUrl(7, 'https://chelian.example'),
      'abc',
    );
    expect(url).toBe(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wxd678efh567hg6787' +
        '&redirect_uri=https%3A%2F%2Fchelian.example%2Fm%2Frider%2Fbills%3FcontractId%3D7' +
        '&response_type=code&scope=snsapi_base&state=abc#wechat_redirect',
    );
  });

  it("takes the code back once, and only with this tab's state", () => {
    const s = memoryStorage();
    s.setItem('rd-wx-state', 'st1');
    s.setItem('rd-wx-pending', JSON.stringify({ contractId: 7, billId: 3, amountFen: 2000 }));
    expect(takeReturn('CODE', 'forged', s)).toBeNull();
    expect(takeReturn(null, 'st1', s)).toBeNull();
    expect(takeReturn('CODE', 'st1', s)).toEqual({ code: 'CODE', pending: { contractId: 7, billId: 3, amountFen: 2000 } });
    expect(takeReturn('CODE', 'st1', s)).toBeNull();
  });
});
