import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Select, Table, Tabs, Tag } from 'antd';
import { elecLeaseEndpoints, type LeaseBill, type LeaseLedger, type LeasePayment } from '@chelian/contracts';
import { usePagedList, useWholeList } from '../../shared/list/usePagedList.ts';
import { billColumns, paymentColumns } from '../ContractDrawer.tsx';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { yuan } from '../money.ts';
import { L } from '../messages.ts';
import { wideTable } from '../../shared/ui/wideTable.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';

const B = L.bill;

function Bills() {
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState('');
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
              { value: 'unpaid', label: '未缴' },
              { value: 'paid', label: '已缴' },
              { value: 'void', label: '已作废' },
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

/** 已支付待退款: money the provider confirmed for a debt settled meanwhile — not booked, to be refunded by the channel. */
function RefundDue() {
  const [keyword, setKeyword] = useState('');
  const due = usePagedList(elecLeaseEndpoints.refundDue, { keyword: keyword || undefined });
  const canRefund = usePermission('lease:bill:pay');
  // The provider's refund API (docs/payments.md); a refusal comes back in words and stays in the row's note.
  const refund = (orderNo: string) =>
    call(elecLeaseEndpoints.refundOrder, { orderNo })
      .then((r) => toast.success(B.refundOnlineDone(r.statusName)))
      .catch(() => undefined)
      .finally(() => void due.reload());
  return (
    <>
      <Alert type="info" showIcon message={B.refundDueExplain} style={{ marginBottom: 12 }} />
      <div className="sp-toolbar">
        <Input.Search
          allowClear
          placeholder={`${B.orderNo} / ${L.order.no} / ${L.order.rider} / ${B.phone}`}
          style={{ width: 320 }}
          onSearch={(k) => setKeyword(k.trim())}
        />
      </div>
      <Table
        size="small"
        rowKey="orderNo"
        dataSource={due.rows}
        pagination={due.pager}
        data-testid="lease-refund-due"
        {...wideTable<(typeof due.rows)[number]>([
          { title: B.orderNo, dataIndex: 'orderNo', width: 190 },
          { title: L.order.no, dataIndex: 'contractNo', width: 150 },
          { title: L.order.rider, dataIndex: 'riderName', width: 90 },
          { title: B.phone, dataIndex: 'riderPhone', width: 120 },
          { title: L.pay.method, dataIndex: 'methodName', width: 90 },
          { title: B.transactionId, dataIndex: 'transactionId', width: 240 },
          { title: B.amount, key: 'a', width: 100, align: 'right', render: (_, r) => yuan(r.amountFen) },
          { title: B.paidAt, key: 'p', width: 160, render: (_, r) => beijingDateTime(r.paidAt) },
          { title: B.orderStatus, dataIndex: 'statusName', width: 110 },
          { title: '备注', dataIndex: 'note', width: 200 },
          ...(canRefund
            ? [
                {
                  title: L.common.actions,
                  key: 'act',
                  width: 100,
                  render: (_: unknown, r: (typeof due.rows)[number]) =>
                    r.status === 'unbooked' && (
                      <Popconfirm
                        title={B.refundOnline}
                        description={B.refundOnlineConfirm(yuan(r.amountFen))}
                        onConfirm={() => refund(r.orderNo)}
                      >
                        <Button type="link" size="small" data-testid={`lease-refund-${r.orderNo}`}>
                          {B.refundOnline}
                        </Button>
                      </Popconfirm>
                    ),
                },
              ]
            : []),
        ])}
      />
    </>
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
      list={{ ...ledger, rows: l?.rows ?? [] }}
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
