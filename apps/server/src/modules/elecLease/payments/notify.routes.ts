import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { leaseRiderEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../../context.ts';
import { route } from '../../../http/route.ts';
import { completeOrder } from './payOrders.service.ts';
import { settleRefund } from './refunds.service.ts';
import { providerById } from './setup.ts';

/**
 * The providers' payment notifications (回调通知 / 异步通知) and WeChat Pay's refund results (退款结果通知). They speak the provider's protocol,
 * not our envelope, and need no session: trust comes from the provider's signature, checked over
 * the body's exact bytes — so this plugin keeps every body as received text.
 * Nothing of the body or the keys is logged; a refusal is logged with its reason only.
 */
export function notifyRoutes(ctx: AppContext, app: FastifyInstance) {
  return app.register(async (child) => {
    child.removeAllContentTypeParsers();
    child.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    route(child, leaseRiderEndpoints.wechatNotify, (_input, request, reply) => notified(ctx, 'wechat', request, reply));
    route(child, leaseRiderEndpoints.alipayNotify, (_input, request, reply) => notified(ctx, 'alipay', request, reply));
  });
}

async function notified(ctx: AppContext, id: 'wechat' | 'alipay', request: FastifyRequest, reply: FastifyReply) {
  const provider = providerById(id);
  if (!provider) return reply.code(404).type('text/plain; charset=utf-8').send('未开通该支付渠道');
  const answer = (ok: boolean, message?: string) => {
    const r = provider.reply(ok, message);
    return reply.code(r.status).type(r.contentType).send(r.body);
  };
  const body = typeof request.body === 'string' ? request.body : '';
  const n = await provider.verifyNotification({ headers: request.headers, body });
  if (!n.ok) {
    request.log.warn({ provider: id, reason: n.reason }, 'payment notification refused');
    return answer(false, n.reason);
  }
  // 退款结果通知: the refund's final state, recorded once (a repeat is acknowledged as the first).
  if (n.kind === 'refund') {
    const settled = await settleRefund(ctx.db, {
      providerId: id,
      outRefundNo: n.outRefundNo,
      refundFen: n.refundFen,
      state: n.state,
    }).catch((err: Error) => ({ ok: false as const, reason: err.message }));
    if (!settled.ok) request.log.warn({ provider: id, refund: n.outRefundNo, reason: settled.reason }, 'refund notification not recorded');
    return answer(settled.ok, settled.ok ? undefined : settled.reason);
  }
  // A notification of a payment not made (closed, refunded) changes nothing and is acknowledged.
  if (!n.paid) return answer(true);
  const done = await completeOrder(ctx.db, ctx.bus, {
    providerId: id,
    outTradeNo: n.outTradeNo,
    transactionId: n.transactionId,
    amountFen: n.amountFen,
  }).catch((err: Error) => ({ ok: false as const, reason: err.message }));
  if (!done.ok) request.log.warn({ provider: id, order: n.outTradeNo, reason: done.reason }, 'payment notification not booked');
  return answer(done.ok, done.ok ? undefined : done.reason);
}
