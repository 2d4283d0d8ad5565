import { useState } from 'react';
import { Button, Descriptions, Drawer, Space, Tabs, Tag } from 'antd';
import {
  LEASE_LOCK_TRIGGERS,
  elecLeaseEndpoints,
  type LeaseBill,
  type LeaseContractDetail,
  type LeaseLock,
  type LeasePayment,
} from '@chelian/contracts';
import { call } from '../shared/request/call.ts';
import { partOf } from '../shared/list/usePagedList.ts';
import { useWholeList } from '../shared/list/useLoaded.ts';
import { ListCard } from '../shared/ui/ListCard.tsx';
import { usePermission } from '../shared/permission/usePermission.ts';
import { ContractActionModal, type ContractAction } from './ContractActions.tsx';
import { PhotoThumb } from './PhotoThumb.tsx';
import { yuan } from './money.ts';
import { L } from './messages.ts';
import { beijingDateTime } from '../shared/format/beijingTime.ts';
import type { ColumnsType } from 'antd/es/table';

const O = L.order;
const time = (ms: number | null) => (ms ? beijingDateTime(ms) : L.common.none);
export const STATUS_COLOR: Record<string, string> = {
  pending: 'gold',
  active: 'blue',
  overdue: 'red',
  returned: 'default',
  cancelled: 'default',
};

type Inspection = LeaseContractDetail['inspections'][number];
type Reminder = LeaseContractDetail['reminders'][number];

/** A handover's or return's check: the photos and the note whole (wrapped, never cut), 826 px in the drawer's 832. */
const inspectionColumns: ColumnsType<Inspection> = [
  { title: '类型', dataIndex: 'kindName', width: 110 },
  { title: O.vehicle, dataIndex: 'vehicleCode', width: 90 },
  { title: O.battery, dataIndex: 'batteryPercent', width: 96 },
  { title: L.common.note, dataIndex: 'note', width: 110, ellipsis: false },
  {
    title: O.photos,
    key: 'p',
    width: 150,
    ellipsis: false,
    render: (_, i) => (
      <div className="ls-photos">
        {i.photoIds.map((id) => (
          <PhotoThumb key={id} photoId={id} />
        ))}
      </div>
    ),
  },
  { title: O.createdBy, dataIndex: 'userName', width: 100 },
  { title: '时间', key: 't', width: 170, render: (_, i) => time(i.created) },
];

const reminderColumns: ColumnsType<Reminder> = [
  { title: '时间', key: 't', width: 170, render: (_, r) => time(r.created) },
  { title: '方式', key: 'a', width: 80, render: (_, r) => (r.auto ? '自动' : r.userName) },
  // the reminder's words whole, wrapped as sent
  { title: '内容', dataIndex: 'text', width: 580, ellipsis: false },
];

/** One contract: its terms and money, and the actions its state allows (each a dialog). */
export function ContractDrawer({
  contractId,
  onClose,
  onChanged,
}: {
  contractId: number | null;
  onClose: () => void;
  onChanged: () => void;
}) {
  const loaded = useWholeList(elecLeaseEndpoints.contract, { contractId: contractId ?? undefined }, { enabled: contractId !== null });
  // The answer names its contract: the drawer, closed or opened on another, does not show the last one's.
  const detail = loaded.data?.contract.contractId === contractId ? loaded.data : null;
  const [action, setAction] = useState<ContractAction | null>(null);
  const canOrder = usePermission('lease:order:edit');
  const canPay = usePermission('lease:bill:pay');
  const canLock = usePermission('lease:risk:lock');

  const c = detail?.contract;
  const open = c && ['active', 'overdue'].includes(c.status);
  const button = (a: ContractAction, label: string, show: boolean, danger = false) =>
    show && (
      <Button
        key={label}
        size="small"
        danger={danger}
        onClick={() => setAction(a)}
        data-testid={`contract-${typeof a === 'string' ? a : 'refund'}`}
      >
        {label}
      </Button>
    );

  return (
    <Drawer
      open={contractId !== null}
      onClose={onClose}
      width={880}
      title={c ? `${O.detail} · ${c.contractNo}` : O.detail}
      destroyOnHidden
      data-testid="contract-drawer"
    >
      {c && detail && (
        <>
          <Descriptions size="small" column={3} bordered>
            <Descriptions.Item label={O.status}>
              <Tag color={STATUS_COLOR[c.status]} data-testid="contract-status">
                {c.statusName}
              </Tag>
              {c.lockReason && (
                <Tag color="red">
                  {O.locked}（{LEASE_LOCK_TRIGGERS[c.lockReason as keyof typeof LEASE_LOCK_TRIGGERS] ?? c.lockReason}）
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={O.rider}>
              {c.riderName} {c.riderPhone}
            </Descriptions.Item>
            <Descriptions.Item label={O.vehicle}>
              {c.vehicleCode} {c.plate}
            </Descriptions.Item>
            <Descriptions.Item label={O.plan}>
              {c.planName}（{c.planKindName}）
            </Descriptions.Item>
            <Descriptions.Item label={O.started}>{time(c.started)}</Descriptions.Item>
            <Descriptions.Item label={O.due}>{time(c.dueAt)}</Descriptions.Item>
            <Descriptions.Item label={O.owed}>
              <b className="ls-money" data-testid="contract-owed">
                {yuan(c.owedFen)}
              </b>{' '}
              {L.common.yuan}
            </Descriptions.Item>
            <Descriptions.Item label={O.deposit}>
              {yuan(c.depositHeldFen)} {L.common.yuan}
            </Descriptions.Item>
            <Descriptions.Item label={O.createdBy}>{c.createdBy}</Descriptions.Item>
          </Descriptions>
          <Space wrap style={{ margin: '12px 0' }}>
            {button('pay', O.pay, canPay && c.owedFen > 0 && ['pending', 'active', 'overdue'].includes(c.status))}
            {button('handover', O.handover, canOrder && c.status === 'pending')}
            {canOrder && open && (
              <Button
                size="small"
                onClick={() =>
                  void call(elecLeaseEndpoints.renew, { contractId: c.contractId }).then(
                    (d) => (loaded.put(d), onChanged()),
                    () => {},
                  )
                }
              >
                {O.renew}
              </Button>
            )}
            {button('extend', O.extend, !!(canOrder && open))}
            {button('swap', O.swap, !!(canOrder && open))}
            {button('giveBack', O.giveBack, !!(canOrder && open))}
            {button('remind', O.remind, !!(canLock && c.owedFen > 0 && open))}
            {button('lock', O.lock, !!(canLock && open && !c.lockReason), true)}
            {button('unlock', O.unlock, !!(canLock && open && c.lockReason))}
            {button('terminate', O.terminate, canOrder && ['pending', 'active', 'overdue'].includes(c.status), true)}
          </Space>
          {/* every tab a part of the one detail: its spinner while a reload runs, its failure with 重试 */}
          <Tabs
            size="small"
            items={[
              {
                key: 'bills',
                label: `${O.bills}（${detail.bills.length}）`,
                children: (
                  <ListCard<LeaseBill> bare size="small" list={partOf(loaded, detail.bills)} rowKey="billId" columns={billColumns()} />
                ),
              },
              {
                key: 'payments',
                label: `${O.payments}（${detail.payments.length}）`,
                children: (
                  <ListCard<LeasePayment>
                    bare
                    size="small"
                    list={partOf(loaded, detail.payments)}
                    rowKey="paymentId"
                    columns={paymentColumns({
                      onRefund: canPay && ['pending', 'active', 'overdue'].includes(c.status) ? (p) => setAction({ refund: p }) : undefined,
                    })}
                  />
                ),
              },
              {
                key: 'inspections',
                label: `${O.inspections}（${detail.inspections.length}）`,
                children: (
                  <ListCard<Inspection>
                    bare
                    size="small"
                    list={partOf(loaded, detail.inspections)}
                    rowKey="inspectionId"
                    identityColumn={false}
                    columns={inspectionColumns}
                  />
                ),
              },
              {
                key: 'locks',
                label: `${O.locks}（${detail.locks.length}）`,
                children: (
                  <ListCard<LeaseLock> bare size="small" list={partOf(loaded, detail.locks)} rowKey="lockId" columns={lockColumns()} />
                ),
              },
              {
                key: 'reminders',
                label: `${O.reminders}（${detail.reminders.length}）`,
                children: (
                  <ListCard<Reminder>
                    bare
                    size="small"
                    list={partOf(loaded, detail.reminders)}
                    rowKey="reminderId"
                    identityColumn={false}
                    columns={reminderColumns}
                  />
                ),
              },
            ]}
          />
          <ContractActionModal
            detail={detail}
            action={action}
            onClose={() => setAction(null)}
            onDone={(next) => (setAction(null), next && loaded.put(next), onChanged())}
          />
        </>
      )}
    </Drawer>
  );
}

/** A bill's columns: in the contract drawer, and with the contract and rider on 租金账单. */
export function billColumns(showContract = false): ColumnsType<LeaseBill> {
  return [
    ...(showContract
      ? [
          { title: O.no, dataIndex: 'contractNo', width: 150 },
          { title: O.rider, dataIndex: 'riderName', width: 90 },
        ]
      : []),
    { title: L.bill.kind, dataIndex: 'kindName', width: 80 },
    { title: L.bill.seq, dataIndex: 'seq', width: 50 },
    { title: L.bill.amount, key: 'a', width: 100, render: (_, b) => <span className="ls-money">{yuan(b.amountFen)}</span> },
    { title: L.bill.paid, key: 'p', width: 100, render: (_, b) => yuan(b.paidFen) },
    { title: L.bill.due, key: 'd', width: 155, render: (_, b) => time(b.dueAt) },
    {
      title: L.bill.status,
      key: 's',
      width: 80,
      render: (_, b) => <Tag color={b.status === 'paid' ? 'green' : b.status === 'unpaid' ? 'orange' : 'default'}>{b.statusName}</Tag>,
    },
  ];
}

/** A payment's or refund's columns; 退款 in the drawer's, the contract and rider on 租金账单's. */
export function paymentColumns({ onRefund, showContract = false }: { onRefund?: (p: LeasePayment) => void; showContract?: boolean } = {}) {
  const columns: ColumnsType<LeasePayment> = [
    ...(showContract
      ? [
          { title: O.no, dataIndex: 'contractNo', width: 150 },
          { title: O.rider, dataIndex: 'riderName', width: 90 },
        ]
      : []),
    { title: '类型', dataIndex: 'kindName', width: 90 },
    { title: L.pay.method, dataIndex: 'methodName', width: 90 },
    { title: L.pay.ref, dataIndex: 'providerRef', width: 140 },
    {
      title: L.bill.amount,
      key: 'a',
      width: 100,
      render: (_, p) => (
        <span className="ls-money">
          {p.kind === 'payment' ? '' : '-'}
          {yuan(p.amountFen)}
        </span>
      ),
    },
    { title: L.pay.refunded, key: 'r', width: 80, render: (_, p) => (p.refundedFen ? yuan(p.refundedFen) : '') },
    { title: O.createdBy, dataIndex: 'userName', width: 100 },
    { title: '时间', key: 't', width: 155, render: (_, p) => time(p.created) },
    ...(onRefund
      ? [
          {
            title: L.common.actions,
            key: 'actions',
            width: 70,
            fixed: 'right' as const,
            render: (_: unknown, p: LeasePayment) =>
              p.kind === 'payment' &&
              p.refundedFen < p.amountFen && (
                <Button type="link" size="small" onClick={() => onRefund(p)}>
                  {L.pay.refund}
                </Button>
              ),
          },
        ]
      : []),
  ];
  return columns;
}

/** A lock's or unlock's columns: in the contract drawer, and with the contract and vehicle on 逾期风控. */
export function lockColumns(showContract = false): ColumnsType<LeaseLock> {
  const R = L.risk;
  return [
    { title: '时间', key: 't', width: 155, render: (_, k) => time(k.created) },
    ...(showContract
      ? [
          { title: O.no, dataIndex: 'contractNo', width: 150 },
          { title: O.vehicle, dataIndex: 'vehicleCode', width: 90 },
        ]
      : []),
    {
      title: L.common.actions,
      key: 'a',
      width: 70,
      render: (_, k) => <Tag color={k.action === 'lock' ? 'red' : 'green'}>{k.actionName}</Tag>,
    },
    { title: R.trigger, dataIndex: 'triggerName', width: 110 },
    { title: O.lockReason, dataIndex: 'reason', width: 140 },
    { title: R.who, dataIndex: 'userName', width: 100 },
    { title: R.order, dataIndex: 'orderStatusName', width: 110 },
    { title: R.answer, dataIndex: 'answer', width: 140 },
  ];
}
