import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FENCE_KIND_NAMES,
  LEASE_AREA_KINDS,
  LEASE_RIDER_ERRORS,
  RIDER_BILL_STATES,
  RIDER_PAY_CHANNELS,
  leaseRiderEndpoints,
  type RiderArea,
  type RiderBill,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError, oneOfOrRefuse } from '../../http/errors.ts';
import { contractsQueries } from './contracts.queries.ts';
import { presentBill } from './contracts.presenter.ts';
import { giveBack } from './contracts.service.ts';
import { route } from '../../http/route.ts';
import { completeOrder, openOrder, presentOrder, riderOrder } from './payments/payOrders.service.ts';
import { payChannels, providerFor, wechatOauthFor } from './payments/setup.ts';
import { notifyRoutes } from './payments/notify.routes.ts';
import { riderQueries } from './rider.queries.ts';
import { presentRiderContract, riderActor, riderContract, riderContracts, riderOf } from './rider.service.ts';

/** Where the phone comes back after a redirect payment: the app's bills page on the caller's host. */
function returnUrl(request: FastifyRequest) {
  const host = request.headers['x-forwarded-host'] ?? request.headers.host ?? 'localhost';
  return `${request.protocol}://${host}/m/rider/bills`;
}

/** 掌上车联's rider endpoints (packages/contracts/src/leaseRider.ts): the caller's own rider only. */
export function riderRoutes(ctx: AppContext, app: FastifyInstance) {
  const { db, bus } = ctx;
  // Read per request: demo mode is the deployment's (a test switches it).
  const demo = () => ctx.config.demo;

  route(app, leaseRiderEndpoints.me, async (_q, request) => {
    const user = caller(request);
    const rider = await riderOf(db, user);
    const contracts = await riderContracts(db, rider.id);
    return {
      riderName: rider.name,
      phone: rider.phone,
      contracts: await Promise.all(contracts.map((c) => presentRiderContract(db, c))),
      payChannels: payChannels(demo()),
      wechatOauth: wechatOauthFor() && { appId: wechatOauthFor()!.appId, authorizeUrl: wechatOauthFor()!.authorizeUrl },
    };
  });

  route(app, leaseRiderEndpoints.wechatOpenid, async (body, request) => {
    const rider = await riderOf(db, caller(request));
    const oauth = wechatOauthFor();
    if (!oauth) throw new AppError(LEASE_RIDER_ERRORS.wechatAuthOff);
    let openid: string;
    try {
      openid = await oauth.openidOf(body.code);
    } catch (err) {
      throw new AppError(LEASE_RIDER_ERRORS.wechatAuthFailed, { params: { reason: (err as Error).message.slice(0, 80) } });
    }
    await riderQueries.setWechatOpenid(db, rider.id, openid);
    return { openid };
  });

  route(app, leaseRiderEndpoints.bills, async (query, request) => {
    const rider = await riderOf(db, caller(request));
    const c = await riderContract(db, rider.id, query.contractId);
    const now = Date.now();
    return (await contractsQueries.bills(db, c.id)).map((b): RiderBill => {
      // Every unpaid bill of an overdue contract is late, as is any past its due time.
      const late = c.status === 'overdue' || b.due_at.getTime() < now;
      const state = b.status === 'unpaid' && late ? 'overdue' : b.status;
      return {
        ...presentBill(b),
        riderState: state,
        riderStateName: RIDER_BILL_STATES[state],
        owedFen: b.status === 'unpaid' ? b.amount_fen - b.paid_fen : 0,
      };
    });
  });

  route(app, leaseRiderEndpoints.pay, async (body, request) => {
    const user = caller(request);
    const rider = await riderOf(db, user);
    const c = await riderContract(db, rider.id, body.contractId);
    // the contract's union for callers, any text on the wire
    const channel = oneOfOrRefuse(RIDER_PAY_CHANNELS, body.channel, LEASE_RIDER_ERRORS.channelUnknown, 'channel');
    const provider = providerFor(channel, demo());
    // JSAPI pays as the openid 网页授权 gave this rider, never one the phone merely names.
    if (body.openid) {
      const openid = await riderQueries.wechatOpenid(db, rider.id);
      if (!openid || openid !== body.openid || channel !== 'wechat') throw new AppError(LEASE_RIDER_ERRORS.openidUnknown);
    }
    const opened = await openOrder(db, provider, c, {
      billId: body.billId,
      channel,
      openid: body.openid,
      clientIp: request.ip,
      returnUrl: returnUrl(request),
      userId: user.userId,
    });
    auditChange(request, {
      objectType: '骑手在线支付',
      objectId: opened.order.orderNo,
      after: { contractNo: c.contract_no, amountFen: opened.order.amountFen, provider: provider.id },
    });
    return opened;
  });

  route(app, leaseRiderEndpoints.demoComplete, async (body, request) => {
    const rider = await riderOf(db, caller(request));
    const ids = (await riderContracts(db, rider.id)).map((c) => Number(c.id));
    const order = await riderOrder(db, ids, body.orderNo);
    if (order.provider !== 'demo') throw new AppError(LEASE_RIDER_ERRORS.demoOnly);
    const done = await completeOrder(db, bus, {
      providerId: 'demo',
      outTradeNo: order.out_trade_no,
      transactionId: `DEMO${order.out_trade_no}`,
      amountFen: order.amount_fen,
    });
    if (!done.ok) throw new AppError(LEASE_RIDER_ERRORS.orderClosed, { params: { state: done.reason } });
    return presentOrder(done.order);
  });

  route(app, leaseRiderEndpoints.order, async (query, request) => {
    const rider = await riderOf(db, caller(request));
    const ids = (await riderContracts(db, rider.id)).map((c) => Number(c.id));
    return presentOrder(await riderOrder(db, ids, query.orderNo));
  });

  route(app, leaseRiderEndpoints.area, async (query, request) => {
    const rider = await riderOf(db, caller(request));
    const c = await riderContract(db, rider.id, query.contractId);
    const rows = await riderQueries.areas(db, c.account_path);
    return rows.map((r): RiderArea => ({
      geofenceId: Number(r.id),
      name: r.name,
      fenceKindName: FENCE_KIND_NAMES[r.kind],
      radius: r.radius_m,
      kind: r.area as RiderArea['kind'],
      kindName: LEASE_AREA_KINDS[r.area as keyof typeof LEASE_AREA_KINDS] ?? r.area,
      circle: r.kind === 'circle' ? { lon: r.center_lon!, lat: r.center_lat!, radiusM: r.radius_m! } : null,
      rings: r.kind === 'polygon' ? r.rings : null,
    }));
  });

  route(app, leaseRiderEndpoints.giveBack, async (body, request) => {
    const user = caller(request);
    const rider = await riderOf(db, user);
    const c = await riderContract(db, rider.id, body.contractId);
    // The deposit goes back through the channel the rider paid it with (the latest online payment's), else WeChat Pay.
    const paidWith = await riderQueries.lastOnlineMethod(db, c.id);
    await giveBack(db, bus, riderActor(user, c, rider), {
      contractId: c.id,
      refundMethod: paidWith ?? 'wechat',
      batteryPercent: body.batteryPercent,
      note: `骑手自助还车${body.note?.trim() ? `：${body.note.trim()}` : ''}`,
    });
    auditChange(request, { objectType: '骑手还车', objectId: c.id, after: { contractNo: c.contract_no } });
    return presentRiderContract(db, await riderContract(db, rider.id, c.id));
  });

  return notifyRoutes(ctx, app);
}
