/**
 * The WeChat Pay stand-in's H5 page (tests only, wechatStandIn.ts): where WeChat's h5_url would open the
 * WeChat cashier, the browser suite's phone lands on this page and "pays" with one tap. It says
 * plainly that it is a test stand-in; it loads nothing from anywhere and runs no script.
 */
export const CASHIER_PATH = '/cgi-bin/mmpayweb-bin/checkmweb';

/** An order the stand-in answered with a prepay_id, as the merchant sent it. */
export interface CashierOrder {
  prepayId: string;
  outTradeNo: string;
  description: string;
  totalFen: number;
  notifyUrl: string;
  /** once paid: WeChat's transaction id and the merchant's answer to the notification */
  paid?: { transactionId: string; notifyStatus: number };
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const yuan = (fen: number) => `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)}</title>
<style>
body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#ededed;color:#111}
.note{margin:0;padding:10px 16px;background:#fff3cd;color:#7a5a00;font-size:13px}
main{padding:32px 16px;text-align:center}
.amount{font-size:40px;font-weight:600;margin:8px 0}
.muted{color:#666;font-size:14px;word-break:break-all}
button{display:block;width:100%;margin-top:32px;padding:12px;border:0;border-radius:8px;background:#07c160;color:#fff;font-size:17px}
</style></head>
<body><p class="note" data-testid="standin-note">测试替身：本页代替微信支付收银台，仅供自动化测试使用，不会产生真实扣款</p>
<main>${body}</main></body></html>`;
}

/** The cashier: merchant, description, amount, and 确认支付 (a form posted back to the stand-in). */
export function cashierPage(o: CashierOrder, redirectUrl: string): string {
  return page(
    '微信支付（测试替身）',
    `<div class="muted">${escape(o.description)}</div>
<div class="amount" data-testid="standin-amount">¥${yuan(o.totalFen)}</div>
<div class="muted">商户订单号 ${escape(o.outTradeNo)}</div>
<form method="post" action="${CASHIER_PATH}">
<input type="hidden" name="prepay_id" value="${escape(o.prepayId)}">
<input type="hidden" name="redirect_url" value="${escape(redirectUrl)}">
<button type="submit" data-testid="standin-pay">确认支付</button>
</form>`,
  );
}

/** A page in place of the cashier when there is nothing to pay or the merchant did not take the notification. */
export function cashierMessage(title: string, detail: string): string {
  return page(title, `<h1>${escape(title)}</h1><p class="muted">${escape(detail)}</p>`);
}

/** Only the machine itself is ever notified: a stand-in never reaches the internet. */
export function isLoopback(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}
