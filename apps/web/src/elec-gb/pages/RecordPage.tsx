import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, Tag, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { GB_STATES, GB_USE_TYPES, elecGbEndpoints, type GbBike, type GbState, type GbUseType } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { toast } from '../../shared/ui/toast.ts';
import { BikeFormModal } from '../BikeFormModal.tsx';
import { ImportBikesModal } from '../ImportBikesModal.tsx';
import { G } from '../messages.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

const R = G.record;
const STATE_COLOR: Record<string, string> = { registered: 'green', pending: 'gold', rejected: 'red' };
const options = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));
const muted = (s: string) => s || <span className="sp-muted">{G.common.none}</span>;

/** 备案登记: the registry, searched and filtered; add, edit, delete (with its checks), Excel import and export. */
export function RecordPage() {
  const [filter, setFilter] = useState<{ keyword?: string; state?: GbState; useType?: GbUseType }>({});
  const list = usePagedList(elecGbEndpoints.list, filter);
  const [editing, setEditing] = useState<GbBike | null | 'new'>(null);
  const [importing, setImporting] = useState(false);
  const canEdit = usePermission('gb:record:edit');
  const canDelete = usePermission('gb:record:delete');
  const canImport = usePermission('gb:record:import');
  const reload = () => void list.reload();
  const refine = (change: typeof filter) => setFilter((f) => ({ ...f, ...change }));
  const remove = (b: GbBike) =>
    call(elecGbEndpoints.delete, { bikeIds: String(b.bikeId) }).then(
      () => (toast.success(R.deleted), reload()),
      () => {},
    );

  const columns: ColumnsType<GbBike> = [
    { title: R.frameNo, dataIndex: 'frameNo', width: 165, fixed: 'left', render: (s: string) => <span data-testid="gb-frame">{s}</span> },
    { title: R.plate, dataIndex: 'plate', width: 100, render: muted },
    { title: `${R.brand}/${R.model}`, key: 'brand', width: 120, render: (_, b) => muted([b.brand, b.model].filter(Boolean).join(' ')) },
    { title: R.ownerName, dataIndex: 'ownerName', width: 85, render: muted },
    { title: R.ownerPhone, dataIndex: 'ownerPhone', width: 110, render: muted },
    { title: R.useType, dataIndex: 'useTypeName', width: 85 },
    {
      title: R.battery,
      key: 'battery',
      width: 155,
      render: (_, b) =>
        `${b.batteryTypeName}${b.batteryVoltage ? ` ${b.batteryVoltage}V` : ''}${b.batteryCapacity ? ` ${b.batteryCapacity}Ah` : ''}`,
    },
    {
      title: R.terminalId,
      key: 'module',
      width: 185,
      render: (_, b) =>
        b.terminalId ? (
          <Space size={4}>
            {b.terminalId}
            {b.online ? <Tag color="green">{R.online}</Tag> : <Tag>{R.offline}</Tag>}
          </Space>
        ) : (
          <span className="sp-muted">{R.noModule}</span>
        ),
    },
    { title: R.state, dataIndex: 'stateName', width: 85, render: (name: string, b) => <Tag color={STATE_COLOR[b.state]}>{name}</Tag> },
    {
      title: R.compliance,
      key: 'issues',
      width: 105,
      render: (_, b) =>
        b.issues.length ? (
          <Tooltip title={b.issues.join('；')}>
            <Tag color="orange">{`${b.issues.length} 项问题`}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">{R.compliant}</Tag>
        ),
    },
    {
      title: G.common.actions,
      key: 'actions',
      width: 135,
      fixed: 'right',
      render: (_, b) => (
        <Space size={0}>
          {canEdit && (
            <Button type="link" size="small" onClick={() => setEditing(b)}>
              {R.edit}
            </Button>
          )}
          {canDelete && (
            <Popconfirm title={R.deleteConfirm} onConfirm={() => void remove(b)} overlayStyle={{ maxWidth: 320 }}>
              <Button type="link" size="small" danger>
                {R.delete}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="sp-page" data-testid="gb-record">
      <ListCard<GbBike>
        title={R.title}
        filters={
          <>
            <Input.Search
              allowClear
              placeholder={R.keyword}
              style={{ width: 260 }}
              onSearch={(k) => refine({ keyword: k.trim() || undefined })}
              data-testid="gb-search"
            />
            <Select
              allowClear
              placeholder={R.allStates}
              style={{ width: 120 }}
              options={options(GB_STATES)}
              onChange={(v: GbState | undefined) => refine({ state: v })}
            />
            <Select
              allowClear
              placeholder={R.allUses}
              style={{ width: 140 }}
              options={options(GB_USE_TYPES)}
              onChange={(v: GbUseType | undefined) => refine({ useType: v })}
            />
          </>
        }
        actions={
          <>
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void call(elecGbEndpoints.export, filter, { fileName: '新国标备案车辆.xlsx' }).catch(() => undefined)}
            >
              {G.common.export}
            </Button>
            {canImport && (
              <Button icon={<UploadOutlined />} onClick={() => setImporting(true)} data-testid="gb-import">
                {R.import}
              </Button>
            )}
            {canEdit && (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="gb-add">
                {R.add}
              </Button>
            )}
          </>
        }
        list={list}
        rowKey="bikeId"
        columns={columns}
        table={{ 'data-testid': 'gb-table' }}
      />
      <BikeFormModal
        open={editing !== null}
        bike={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onDone={() => (setEditing(null), reload())}
      />
      <ImportBikesModal open={importing} onClose={() => setImporting(false)} onDone={() => (setImporting(false), reload())} />
    </div>
  );
}
