import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Select, Table, Tabs, Tag } from 'antd';
import {
  LEASE_BILL_STATUSES,
  elecLeaseEndpoints,
  type LeaseBill,
  type LeaseBillStatus,
  type LeaseLedger,
  type LeasePayment,
} from '@chelian/contracts';
import { partOf, usePagedList } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { billColumns, paymentColumns } from '../ContractDrawer.tsx';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { yuan } from '../money.ts';
import { L } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';

const B = L.bill;

function Bills() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<LeaseBillStatus | ''>('');
  const bills = usePagedList(elecLeaseEndpoints.bills, { keyword: keyword || undefined, status: status || undefined });
  return (
    <ListCard<LeaseBill>
      bare
      size="small"
      filters={
        <>
          <Select
            style={{ width: 110 }}
            value={status}
            onChange={setStatus}
            options={[
              { value: '', label: L.common.all },
              ...Object.entries(LEASE_BILL_STATUSES).map(([value, label]) => ({ value, label })),
            ]}
          />
          <Input.Search
            allowClear
            placeholder={`${L.order.no} / ${L.order.rider}`}
            style={{ width: 240 }}
            onSearch={(k) => setKeyword(k.trim())}
          />
        </>
      }
      list={bills}
      rowKey="billId"
      columns={billColumns(true)}
    />
  );
}

function Payments() {
  const [keyword, setKeyword] = useState('');
  const payments = usePagedList(elecLeaseEndpoints.payments, { keyword: keyword || undefined });
  return (
    <ListCard<LeasePayment>
      bare
      size="small"
      filters={
        <Input.Search
          allowClear
          placeholder={`${L.order.no} / ${L.order.rider} / ${L.pay.ref}`}
          style={{ width: 280 }}
          onSearch={(k) => setKeyword(k.trim())}
        />
      }
      list={payments}
      rowKey="paymentId"
      columns={paymentColumns({ showContract: true })}
    />
  );
}

/**
 * 已支付待退款: money the provider confirmed for a debt settled meanwhile — not booked, to be refunded
 * by the channel — and the refunds of booked payments and deposits that have not gone through yet
 * (processing, refused, closed, abnormal). Sized to fit 1440 px without scrolling: two facts to a
 * cell where they belong together (rider and phone, channel and its transaction id, order and refund
 * number, amount and time), every text cut with an ellipsis, 操作 fixed at the right: 1150 px of columns
 * in the 1168 px the card has at 1440 × 900 (e2e/elec-lease.refund.e2e.ts).
 */
function RefundDue() {
  const [keyword, setKeyword] = useState('');
  const due = usePagedList(elecLeaseEndpoints.refundDue, { keyword: keyword || undefined });
  const canRefund = usePermission('lease:bill:pay');
  type Row = (typeof due.rows)[number];
  // The provider's refund API (docs/payments.md); a refusal comes back in words and stays in the row's note.
  // A refund already tried is named by its number: after closed or abnormal the server sends it under a new one.
  const refund = (r: Row) =>
    call(elecLeaseEndpoints.refundOrder, { orderNo: r.orderNo, ...(r.refundNo ? { refundNo: r.refundNo } : {}) })
      .then((done) => toast.success(B.refundOnlineDone(done.statusName)))
      .catch(() => undefined)
      .finally(() => void due.reload());
  const two = (top: string, below: string) => (
    <>
      <div className="ls-cell-line">{top}</div>
      <div className="ls-cell-line ls-cell-sub" title={below}>
        {below}
      </div>
    </>
  );
  return (
    <ListCard<Row>
      bare
      size="small"
      above={<Alert type="info" showIcon message={B.refundDueExplain} style={{ marginBottom: 12 }} />}
      secondBar={
        <Input.Search
          allowClear
          placeholder={`${B.orderNo} / ${L.order.no} / ${L.order.rider} / ${B.phone}`}
          style={{ width: 320 }}
          onSearch={(k) => setKeyword(k.trim())}
        />
      }
      list={due}
      rowKey={(r) => `${r.orderNo}/${r.kindName}/${r.refundNo}`}
      table={{ 'data-testid': 'lease-refund-due' }}
      columns={[
        {
          title: `${B.orderNo} / ${B.refundNo}`,
          key: 'no',
          width: 180,
          render: (_, r) => two(r.orderNo, r.refundNo || '—'),
        },
        { title: B.kind, dataIndex: 'kindName', width: 96 },
        { title: L.order.no, dataIndex: 'contractNo', width: 130 },
        { title: `${L.order.rider} / ${B.phone}`, key: 'rider', width: 112, render: (_, r) => two(r.riderName, r.riderPhone) },
        {
          title: `${L.pay.method} / ${B.transactionId}`,
          key: 'channel',
          width: 150,
          render: (_, r) => two(r.methodName, r.transactionId),
        },
        {
          title: `${B.amount} / ${B.paidAt}`,
          key: 'a',
          width: 150,
          align: 'right',
          render: (_, r) => two(yuan(r.amountFen), beijingDateTime(r.paidAt)),
        },
        { title: B.orderStatus, dataIndex: 'statusName', width: 110 },
        { title: '备注', dataIndex: 'note', width: 130, render: (note: string) => <span title={note}>{note}</span> },
        ...(canRefund
          ? [
              {
                title: L.common.actions,
                key: 'actions',
                width: 92,
                fixed: 'right' as const,
                render: (_: unknown, r: Row) =>
                  r.status === 'unbooked' && (
                    <Popconfirm title={B.refundOnline} description={B.refundOnlineConfirm(yuan(r.amountFen))} onConfirm={() => refund(r)}>
                      <Button type="link" size="small" data-testid={`lease-refund-${r.kindName === B.refundDue ? r.orderNo : r.refundNo}`}>
                        {B.refundOnline}
                      </Button>
                    </Popconfirm>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}

function Ledger() {
  const ledger = useWholeList(elecLeaseEndpoints.ledger);
  const l = ledger.data;
  return (
    <ListCard<LeaseLedger['rows'][number]>
      bare
      size="small"
      filters={
        <>
          {l && (
            <Tag color={l.balanced ? 'green' : 'red'} data-testid="ledger-balanced">
              {l.balanced ? B.balanced : B.unbalanced}
            </Tag>
          )}
          {l && <span className="sp-muted">{B.journals(l.journals)}</span>}
        </>
      }
      // the ledger comes whole, its accounts in `rows`
      list={partOf(ledger, l?.rows)}
      rowKey="ledgerAccount"
      columns={[
        { title: B.account, dataIndex: 'name', width: 200 },
        { title: B.debit, key: 'd', width: 160, align: 'right', render: (_, r) => yuan(r.debitFen) },
        { title: B.credit, key: 'c', width: 160, align: 'right', render: (_, r) => yuan(r.creditFen) },
        { title: B.balance, key: 'b', width: 160, align: 'right', render: (_, r) => yuan(r.debitFen - r.creditFen) },
      ]}
      table={{
        summary: () =>
          l && (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <b>合计</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                <b>{yuan(l.debitFen)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <b>{yuan(l.creditFen)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <b>{yuan(l.debitFen - l.creditFen)}</b>
              </Table.Summary.Cell>
            </Table.Summary.Row>
          ),
      }}
    />
  );
}

/** 租金账单: every bill, every payment and refund, online money due back (已支付待退款), and the ledger — its debits equal its credits. */
export function BillPage() {
  return (
    <div className="sp-page" data-testid="lease-bill">
      <section className="sp-card">
        <div className="sp-toolbar">
          <span className="sp-title">{B.title}</span>
        </div>
        <Tabs
          items={[
            { key: 'bills', label: B.bills, children: <Bills /> },
            { key: 'payments', label: B.payments, children: <Payments /> },
            { key: 'refundDue', label: B.refundDue, children: <RefundDue /> },
            { key: 'ledger', label: B.ledger, children: <Ledger /> },
          ]}
        />
      </section>
    </div>
  );
}
