import { describe, expect, it } from 'vitest';
import { ledgerNote, refundOutcome } from './refunds.service.ts';

/* What a refund's final state at the provider makes of the order, in words (the refund job records it). */
describe('a processing refund read again', () => {
  const base = { refundId: '50000000382019052709732678859', successTime: '', receivedBy: '' };
  it('is left alone while processing, and 已退款 with where and when once it succeeded', () => {
    expect(refundOutcome('微信支付', { ...base, status: 'processing' })).toBeNull();
    expect(
      refundOutcome('微信支付', { ...base, status: 'success', successTime: '2026-12-02T16:18:12+08:00', receivedBy: '招商银行信用卡0403' }),
    ).toEqual({
      status: 'refunded',
      note: '微信支付退款单号 50000000382019052709732678859；退款成功，退回招商银行信用卡0403（2026-12-02 16:18:12）',
    });
    expect(refundOutcome('微信支付', { ...base, status: 'success' })).toEqual({
      status: 'refunded',
      note: '微信支付退款单号 50000000382019052709732678859；退款成功',
    });
  });
  it('goes back to 已支付，待退款 with the reason when closed or abnormal', () => {
    expect(refundOutcome('微信支付', { ...base, status: 'closed' })).toEqual({
      status: 'unbooked',
      note: '退款失败：微信支付退款已关闭，款项未退回，请到商户平台处理后再点原路退款',
    });
    expect(refundOutcome('微信支付', { ...base, status: 'abnormal' })).toEqual({
      status: 'unbooked',
      note: '退款失败：微信支付退款异常（退回的银行卡或账户不可用），请到商户平台处理后再点原路退款',
    });
  });
});

describe('a refund of a booked payment or of the deposit in the ledger', () => {
  it('reads its reason, then the refund at the provider: （处理中） while the provider processes it, 退款失败 with why', () => {
    const r = { reason: '退还押金', note: '微信支付退款单号 5000001' };
    expect(ledgerNote({ ...r, status: 'processing' })).toBe('退还押金；微信支付退款单号 5000001（处理中）');
    expect(ledgerNote({ ...r, status: 'success' })).toBe('退还押金；微信支付退款单号 5000001');
    expect(ledgerNote({ ...r, status: 'closed', note: '退款失败：微信支付退款已关闭' })).toBe('退还押金；退款失败：微信支付退款已关闭');
    expect(ledgerNote({ reason: '', status: 'pending', note: '退款失败：无法连接微信支付，请稍后重试' })).toBe(
      '退款失败：无法连接微信支付，请稍后重试',
    );
  });
});
