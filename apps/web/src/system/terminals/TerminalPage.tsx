import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Input, Popconfirm, Select, Space, Tabs, Tag, Tooltip, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { ImportOutlined } from '@ant-design/icons';
import {
  PROTOCOL_NAMES,
  SERVICE_STATES,
  TERMINAL_STATES,
  terminalEndpoints,
  type PermissionCode,
  type Terminal,
  type TerminalListQuery,
  type TerminalState,
} from '@chelian/contracts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { call } from '../../shared/request/call.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { filterKey } from '../../shared/list/listLoader.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions, useAccounts } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';
import { AssignModal } from './AssignModal.tsx';
import { ImportTerminalsModal } from './ImportTerminalsModal.tsx';
import { RenewalHistory } from './RenewalHistory.tsx';
import { RenewModal } from './RenewModal.tsx';
import { PendingTerminals } from './PendingTerminals.tsx';
import { daysLeft, expiryTone } from './serviceExpiry.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

const T = S.terminal;
const ASSIGN: PermissionCode = 'system:terminal:assign';
const IMPORT: PermissionCode = 'system:terminal:import';
const RENEW: PermissionCode = 'system:terminal:renew';
const ACTIVATE: PermissionCode = 'system:terminal:activate';
const ADOPT: PermissionCode = 'system:terminal:adopt';
const TABS = ['all', 'stock', 'assigned', 'expiring', 'pending'] as const;
type Tab = (typeof TABS)[number];
const STATE_COLORS: Record<string, string> = { unactivated: 'default', active: 'green', expired: 'red', disabled: 'default' };
const EXPIRING_DAYS = 30;

/** What a tab asks the list for; `?expiring=30` (the home page's link) opens the expiring tab. */
function tabFilter(tab: Tab): Partial<TerminalListQuery> {
  if (tab === 'stock') return { assigned: false };
  if (tab === 'assigned') return { assigned: true };
  if (tab === 'expiring') return { expiring: EXPIRING_DAYS };
  return {};
}

function ExpiryCell({ at }: { at: number | null }) {
  const tone = expiryTone(at);
  if (at === null) return <span className="sys-muted">{T.noExpiry}</span>;
  return (
    <span className={`sys-expiry-${tone}`}>
      {beijingFormat(at, 'YYYY-MM-DD')}
      {tone !== 'ok' && <span className="sys-expiry-days">{T.daysLeft(daysLeft(at), tone === 'expired')}</span>}
    </span>
  );
}

/** 终端管理: terminals in stock and assigned; assign, take back, import; activation, service expiry and renewal with its history. */
export function TerminalPage() {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('expiring') ? 'expiring' : (TABS.find((x) => x === params.get('tab')) ?? 'all');
  const { accounts } = useAccounts();
  const [filters, setFilters] = useState<{ keyword?: string; accountId?: number; protocol?: string; serviceState?: TerminalState }>({});
  const [selected, setSelected] = useState<Terminal[]>([]);
  const [renewing, setRenewing] = useState<Terminal[] | null>(null);
  const [activating, setActivating] = useState<Terminal[] | null>(null);
  const [assigning, setAssigning] = useState<Terminal[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [history, setHistory] = useState<string | null>(null);
  const canAssign = usePermission(ASSIGN);
  const canImport = usePermission(IMPORT);
  const canRenew = usePermission(RENEW);
  const canActivate = usePermission(ACTIVATE);
  const canAdopt = usePermission(ADOPT);
  const onlyNew = selected.every((t) => t.status === 'unactivated');
  // Only the platform (the root account) holds the stock and may put terminals back in it.
  const isPlatform = accounts[0]?.parentId === null;

  // 待认领 has its own list (PendingTerminals): this one waits, and loads again when its tab comes back.
  const list = usePagedList(terminalEndpoints.list, { ...filters, ...tabFilter(tab) }, { enabled: tab !== 'pending' });
  const { reload, paging, setPaging } = list;
  // Each answer starts with nothing selected (a renewal or assignment has changed the rows).
  useEffect(() => setSelected([]), [list.data]);

  /** New filters go back to page 1 (the hook does that); the same ones asked again reload from page 1. */
  const filter = (change: typeof filters) => {
    if (filterKey({ ...filters, ...change }) !== filterKey(filters)) setFilters({ ...filters, ...change });
    else if (paging.current !== 1) setPaging({ ...paging, current: 1 });
    else void reload();
  };
  // Another tab asks other filters, so the hook starts it at page 1 (全部 after 待认领 shows the page it was left on).
  const pickTab = (key: string) => setParams(key === 'all' ? {} : key === 'expiring' ? { expiring: String(EXPIRING_DAYS) } : { tab: key });
  const done = (close: () => void) => () => (close(), void reload());
  const unassign = async () => {
    await call(terminalEndpoints.unassign, { terminalIds: selected.map((t) => t.terminalId).join(',') }).then(
      (r) => toast.success(T.unassigned(r.updated)),
      () => {},
    );
    void reload();
  };

  // 待接入终端 draws its own list in the same frame: the title, 导入 and the tabs stay where they are.
  const frame = {
    className: 'sys-main',
    title: T.title,
    actions: canImport && (
      <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="terminal-import">
        {T.import}
      </Button>
    ),
  };
  const tabs = (
    <Tabs
      activeKey={tab}
      onChange={pickTab}
      items={TABS.filter((key) => key !== 'pending' || (isPlatform && canAdopt)).map((key) => ({
        key,
        label: key === 'pending' ? T.pending.tab : T.tabs[key],
      }))}
      data-testid="terminal-tabs"
    />
  );

  const columns: ColumnsType<Terminal> = [
    { title: T.terminalId, dataIndex: 'terminalId', width: 150, fixed: 'left' },
    {
      title: T.assetKind,
      dataIndex: 'assetKind',
      width: 64,
      render: (kind: string, t) =>
        kind ? <span data-testid={`terminal-kind-${kind}`}>{t.assetKindName}</span> : <span className="sys-muted">—</span>,
    },
    { title: T.protocol, dataIndex: 'protocolName', width: 80 },
    { title: T.sim, dataIndex: 'sim', width: 120, render: (s: string) => s || <span className="sys-muted">—</span> },
    {
      title: T.account,
      dataIndex: 'accountName',
      width: 120,
      render: (name: string, t) => (t.assigned ? name : <Tag color="blue">{T.inStock}</Tag>),
    },
    {
      title: T.vehicle,
      dataIndex: 'plate',
      width: 90,
      render: (p: string, t) => p || t.vehicleName || <span className="sys-muted">{T.unbound}</span>,
    },
    { title: T.state, dataIndex: 'status', width: 80, render: (s: string, t) => <Tag color={STATE_COLORS[s]}>{t.statusName}</Tag> },
    { title: T.expiresAt, dataIndex: 'serviceExpiresAt', width: 160, render: (at: number | null) => <ExpiryCell at={at} /> },
    {
      title: T.online,
      dataIndex: 'online',
      width: 60,
      render: (on: boolean) => (on ? <Tag color="green">{T.online}</Tag> : <span className="sys-muted">{T.offline}</span>),
    },
    {
      title: T.conflicts,
      dataIndex: 'identityConflicts',
      width: 80,
      render: (n: number, t) =>
        n && t.identityConflictAt !== null ? (
          <Tooltip title={T.conflictAt(n, beijingFormat(t.identityConflictAt))}>
            <Tag color="orange" data-testid="terminal-conflicts">
              {n}
            </Tag>
          </Tooltip>
        ) : (
          <span className="sys-muted">0</span>
        ),
    },
    {
      title: S.common.actions,
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_: unknown, t) => (
        <Space size={0}>
          {canActivate && t.status === 'unactivated' && (
            <Button type="link" size="small" onClick={() => setActivating([t])} data-testid="terminal-activate">
              {T.activate}
            </Button>
          )}
          {canRenew && (
            <Button type="link" size="small" onClick={() => setRenewing([t])} data-testid="terminal-renew">
              {T.renew}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setHistory(t.terminalId)} data-testid="terminal-history">
            {T.history}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div className="sys-page" data-testid="system-terminal">
      {tab === 'pending' ? (
        <PendingTerminals {...frame} above={tabs} />
      ) : (
        <ListCard<Terminal>
          {...frame}
          above={
            <>
              {tabs}
              {tab === 'expiring' && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={T.expiredPolicy} />}
            </>
          }
          secondBar={
            <>
              <Input.Search
                allowClear
                placeholder={T.keyword}
                style={{ width: 220 }}
                onSearch={(k) => filter({ keyword: k.trim() || undefined })}
                data-testid="terminal-search"
              />
              <TreeSelect
                allowClear
                showSearch
                treeDefaultExpandAll
                treeNodeFilterProp="title"
                style={{ width: 200 }}
                placeholder={T.allAccounts}
                treeData={accountOptions(accounts)}
                value={filters.accountId}
                onChange={(v) => filter({ accountId: v ?? undefined })}
              />
              <Select
                allowClear
                style={{ width: 130 }}
                placeholder={T.allProtocols}
                value={filters.protocol}
                onChange={(v) => filter({ protocol: v })}
                options={Object.entries(PROTOCOL_NAMES).map(([value, label]) => ({ value, label }))}
              />
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={T.allStates}
                value={filters.serviceState}
                onChange={(v) => filter({ serviceState: v })}
                options={TERMINAL_STATES.map((value) => ({ value, label: SERVICE_STATES[value] }))}
                data-testid="terminal-state"
              />
              <span className="sys-toolbar-title" />
              {selected.length > 0 && <span className="sys-muted">{T.selected(selected.length)}</span>}
              {canActivate && (
                <Tooltip title={selected.length && !onlyNew ? T.activateOnlyNew : undefined}>
                  <Button
                    disabled={!selected.length || !onlyNew}
                    onClick={() => setActivating(selected)}
                    data-testid="terminal-activate-batch"
                  >
                    {T.activate}
                  </Button>
                </Tooltip>
              )}
              {canRenew && (
                <Button type="primary" disabled={!selected.length} onClick={() => setRenewing(selected)} data-testid="terminal-renew-batch">
                  {T.renew}
                </Button>
              )}
              {canAssign && (
                <Button disabled={!selected.length} onClick={() => setAssigning(selected)} data-testid="terminal-assign">
                  {T.assign}
                </Button>
              )}
              {canAssign && isPlatform && (
                <Popconfirm
                  title={T.unassignConfirm(selected.length)}
                  onConfirm={() => void unassign()}
                  disabled={!selected.some((t) => t.assigned)}
                >
                  <Button danger disabled={!selected.some((t) => t.assigned)} data-testid="terminal-unassign">
                    {T.unassign}
                  </Button>
                </Popconfirm>
              )}
            </>
          }
          list={list}
          rowKey="terminalId"
          size="small"
          columns={columns}
          table={{
            rowSelection:
              canRenew || canAssign || canActivate
                ? { selectedRowKeys: selected.map((t) => t.terminalId), onChange: (_, rows) => setSelected(rows) }
                : undefined,
            'data-testid': 'terminal-table',
          }}
        />
      )}
      <RenewModal terminals={renewing} onClose={() => setRenewing(null)} onDone={done(() => setRenewing(null))} />
      <RenewModal terminals={activating} mode="activate" onClose={() => setActivating(null)} onDone={done(() => setActivating(null))} />
      <AssignModal terminals={assigning} accounts={accounts} onClose={() => setAssigning(null)} onDone={done(() => setAssigning(null))} />
      <ImportTerminalsModal
        open={importing}
        accounts={accounts}
        onClose={() => setImporting(false)}
        onDone={done(() => setImporting(false))}
      />
      <RenewalHistory terminalId={history} onClose={() => setHistory(null)} />
    </div>
  );
}
