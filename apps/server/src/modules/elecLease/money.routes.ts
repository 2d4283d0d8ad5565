import type { FastifyInstance } from 'fastify';
import {
  ELEC_LEASE_ERRORS,
  LEASE_BILL_STATUSES,
  LEASE_LEDGER_ACCOUNTS,
  LEASE_PAY_METHODS,
  RIDER_ORDER_STATES,
  elecLeaseEndpoints,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { oneOfOrRefuse } from '../../http/errors.ts';
import { pageAnswer, pageWindow } from '../../http/paging.ts';
import { route } from '../../http/route.ts';
import { containsPattern } from '../../db/likeText.ts';
import { contractsQueries } from './contracts.queries.ts';
import { payOrdersQueries } from './payments/payOrders.queries.ts';
import { REFUND_STATES, refundOrder, refundPaymentOnline } from './payments/refunds.service.ts';
import { presentBill, presentPayment } from './contracts.presenter.ts';
import { contractDetail, visibleContract } from './contracts.service.ts';
import { methodOf, recordPayment, recordRefund, refOf } from './billing.service.ts';
import { ledgerQueries } from './ledger.queries.ts';
import { afterPayment } from './risk.service.ts';
import { clean, found } from './rowHelpers.ts';

const REFUND_PURPOSES = { order: '已支付待退款', payment: '退款', deposit: '退押金' } as const;

/** 租金账单: bills, payments and refunds (idempotent by the channel's reference), and the ledger's totals. */
export function moneyRoutes(ctx: AppContext, app: FastifyInstance) {
  const { db, bus } = ctx;

  route(app, elecLeaseEndpoints.bills, async (query, request) => {
    const win = pageWindow(query);
    const sent = clean(query.status);
    const { total, rows } = await contractsQueries.billsPage(
      db,
      caller(request).accountPath,
      containsPattern(query.keyword),
      sent ? oneOfOrRefuse(LEASE_BILL_STATUSES, sent, ELEC_LEASE_ERRORS.billStatusUnknown, 'status') : null,
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(win, total, rows.map(presentBill));
  });

  route(app, elecLeaseEndpoints.payments, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await contractsQueries.paymentsPage(
      db,
      caller(request).accountPath,
      containsPattern(query.keyword),
      win.sql.limit,
      win.sql.offset,
    );
    return pageAnswer(win, total, rows.map(presentPayment));
  });

  route(app, elecLeaseEndpoints.refundDue, async (query, request) => {
    const win = pageWindow(query);
    const { total, rows } = await payOrdersQueries.refundDuePage(db, caller(request).accountPath, containsPattern(query.keyword), win.sql);
    return pageAnswer(
      win,
      total,
      rows.map((r) => ({
        orderNo: r.out_trade_no,
        contractId: Number(r.contract_id),
        contractNo: r.contract_no,
        riderName: r.rider_name,
        riderPhone: r.rider_phone,
        method: r.method,
        methodName: LEASE_PAY_METHODS[r.method],
        amountFen: Number(r.amount_fen),
        transactionId: r.transaction_id,
        paidAt: r.paid_at.getTime(),
        note: r.note,
        status: r.status,
        statusName: r.refund_state ? REFUND_STATES[r.refund_state] : RIDER_ORDER_STATES[r.status],
        kindName: REFUND_PURPOSES[r.purpose],
        refundNo: r.refund_no,
      })),
    );
  });

  route(app, elecLeaseEndpoints.refundOrder, async (body, request) => {
    const user = caller(request);
    try {
      const done = await refundOrder(db, user, body.orderNo, clean(body.reason), body.refundNo?.trim() ?? '');
      auditChange(request, {
        objectType: '原路退款',
        objectId: body.orderNo,
        after: { refundNo: done.refundNo, status: done.status, refundId: done.refundId },
      });
      return done;
    } catch (err) {
      auditChange(request, { objectType: '原路退款', objectId: body.orderNo, after: { failed: (err as Error).message } });
      throw err;
    }
  });

  route(app, elecLeaseEndpoints.pay, async (body, request) => {
    const user = caller(request);
    const c = await visibleContract(db, user, body.contractId);
    const method = methodOf(body.method);
    const ref = refOf(body.providerRef);
    const { payment, duplicate } = await db.tx((q) =>
      recordPayment(q, c, { method, ref, amountFen: body.amountFen, note: clean(body.note), userName: user.username }),
    );
    if (!duplicate) await afterPayment(db, bus, c.id, user.username);
    auditChange(request, {
      objectType: '租赁收款',
      objectId: payment.id,
      after: { contractNo: c.contract_no, method, ref, amountFen: body.amountFen, duplicate },
    });
    return { payment: presentPayment(payment), duplicate, detail: await contractDetail(db, c.id) };
  });

  route(app, elecLeaseEndpoints.refund, async (body, request) => {
    const user = caller(request);
    const original = found(await contractsQueries.payment(db, user.accountPath, body.paymentId));
    const c = await visibleContract(db, user, original.contract_id);
    // No reference typed: a payment the rider made online goes back through the provider's refund API.
    const online = body.providerRef.trim()
      ? null
      : await refundPaymentOnline(db, original, { amountFen: body.amountFen, note: clean(body.note), userName: user.username });
    const ref = online?.ref ?? refOf(body.providerRef);
    const { payment, duplicate } = await db.tx(async (q) => {
      const done = await recordRefund(q, c, original, {
        ref,
        amountFen: body.amountFen,
        note: online?.note ?? clean(body.note),
        userName: user.username,
      });
      // The refund at the provider, kept with its ledger row: the job and 退款结果通知 settle both.
      if (online && !done.duplicate) await online.attach(q, Number(done.payment.id));
      return done;
    });
    auditChange(request, {
      objectType: '租赁退款',
      objectId: payment.id,
      after: { contractNo: c.contract_no, paymentId: original.id, ref, amountFen: body.amountFen, duplicate },
    });
    return { payment: presentPayment(payment), duplicate, detail: await contractDetail(db, c.id) };
  });

  route(app, elecLeaseEndpoints.ledger, async (_q, request) => {
    const scope = caller(request).accountPath;
    const rows = await ledgerQueries.totals(db, scope);
    const debitFen = rows.reduce((s, r) => s + r.debit, 0);
    const creditFen = rows.reduce((s, r) => s + r.credit, 0);
    const journals = await ledgerQueries.journalCount(db, scope);
    return {
      rows: rows.map((r) => ({
        ledgerAccount: r.ledger_account,
        name: LEASE_LEDGER_ACCOUNTS[r.ledger_account as keyof typeof LEASE_LEDGER_ACCOUNTS] ?? r.ledger_account,
        debitFen: r.debit,
        creditFen: r.credit,
      })),
      debitFen,
      creditFen,
      balanced: debitFen === creditFen,
      journals,
    };
  });
}
