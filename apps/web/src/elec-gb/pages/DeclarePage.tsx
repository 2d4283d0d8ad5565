import { useState } from 'react';
import { Button, Image, Input, Popconfirm, Select, Space, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { GB_DECLARATION_STATUSES, elecGbEndpoints, type GbBike, type GbDeclaration, type GbDeclarationStatus } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { QrLabelSheet } from '../QrLabelSheet.tsx';
import { qrImageUrl } from '../qrImage.ts';
import { G } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const D = G.declare;
const R = G.record;
const STATUS_COLOR: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

function Bikes() {
  const [keyword, setKeyword] = useState<string>();
  const [selected, setSelected] = useState<GbBike[]>([]);
  const [printing, setPrinting] = useState<GbBike[]>([]);
  const list = usePagedList(elecGbEndpoints.list, { keyword });
  /** a new keyword goes back to page 1 (the hook does that); the same one asked again reloads from page 1 */
  const search = (text: string) => {
    const next = text.trim() || undefined;
    if (next !== keyword) setKeyword(next);
    else if (list.paging.current !== 1) list.setPaging({ ...list.paging, current: 1 });
    else void list.reload();
  };
  return (
    <ListCard<GbBike>
      title={D.title}
      filters={
        <>
          <span className="sp-muted">{D.pick}</span>
          <Input.Search allowClear placeholder={R.keyword} style={{ width: 240 }} onSearch={search} />
        </>
      }
      actions={
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!selected.length}
          onClick={() => setPrinting(selected)}
          data-testid="gb-print"
        >
          {D.printSelected(selected.length)}
        </Button>
      }
      list={list}
      rowKey="bikeId"
      size="small"
      identityColumn={false}
      table={{
        'data-testid': 'gb-qr-table',
        rowSelection: {
          selectedRowKeys: selected.map((b) => b.bikeId),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        },
      }}
      columns={[
        {
          title: D.qr,
          key: 'qr',
          width: 90,
          render: (_, b) => (
            <Image width={56} src={qrImageUrl(b.bikeId, 240)} preview={{ src: qrImageUrl(b.bikeId, 480) }} alt={D.qr} data-testid="gb-qr" />
          ),
        },
        { title: R.frameNo, dataIndex: 'frameNo', width: 165 },
        { title: R.plate, dataIndex: 'plate', width: 110 },
        { title: `${R.brand}/${R.model}`, key: 'brand', width: 160, render: (_, b) => [b.brand, b.model].filter(Boolean).join(' ') },
        { title: R.ownerName, dataIndex: 'ownerName', width: 100 },
        { title: R.state, dataIndex: 'stateName', width: 90 },
        {
          title: G.common.actions,
          key: 'actions',
          width: 110,
          fixed: 'right',
          render: (_, b) => (
            <Button type="link" size="small" onClick={() => setPrinting([b])}>
              {D.print}
            </Button>
          ),
        },
      ]}
    >
      <QrLabelSheet bikes={printing} onClose={() => setPrinting([])} />
    </ListCard>
  );
}

function Declarations() {
  const [status, setStatus] = useState<GbDeclarationStatus | undefined>('pending');
  const [note, setNote] = useState('');
  const canReview = usePermission('gb:declare:review');
  const list = usePagedList(elecGbEndpoints.declarations, { status });
  const review = (d: GbDeclaration, approve: boolean) =>
    call(elecGbEndpoints.review, { declarationId: d.declarationId, approve, note }).then(
      () => (toast.success(D.reviewed), setNote(''), void list.reload()),
      () => {},
    );
  return (
    <ListCard<GbDeclaration>
      title={D.declarations}
      filters={
        <Select
          allowClear
          placeholder={D.allStatuses}
          style={{ width: 140 }}
          value={status}
          onChange={setStatus}
          options={Object.entries(GB_DECLARATION_STATUSES).map(([value, label]) => ({ value, label }))}
        />
      }
      list={list}
      rowKey="declarationId"
      size="small"
      table={{ 'data-testid': 'gb-declarations' }}
      columns={[
        { title: D.submitted, dataIndex: 'created', width: 155, render: (at: number) => beijingDateTime(at) },
        { title: R.frameNo, dataIndex: 'frameNo', width: 165 },
        { title: R.ownerName, dataIndex: 'ownerName', width: 85 },
        { title: R.ownerPhone, dataIndex: 'ownerPhone', width: 110 },
        { title: R.ownerIdNo, dataIndex: 'ownerIdNo', width: 165 },
        { title: R.plate, dataIndex: 'plate', width: 100 },
        { title: R.useType, dataIndex: 'useTypeName', width: 85 },
        { title: R.consent, dataIndex: 'positioningConsent', width: 80, render: (v: boolean) => (v ? G.common.yes : G.common.no) },
        {
          title: G.record.state,
          dataIndex: 'statusName',
          width: 85,
          render: (name: string, d) => <Tag color={STATUS_COLOR[d.status]}>{name}</Tag>,
        },
        {
          title: D.note,
          key: 'note',
          width: 140,
          render: (_, d) => (d.status === 'pending' ? '' : `${d.reviewNote}${d.reviewedBy ? `（${d.reviewedBy}）` : ''}`),
        },
        {
          title: G.common.actions,
          key: 'actions',
          width: 100,
          fixed: 'right',
          render: (_, d) =>
            canReview &&
            d.status === 'pending' && (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => void review(d, true)} data-testid="gb-approve">
                  {D.approve}
                </Button>
                <Popconfirm
                  title={<Input placeholder={D.rejectNote} value={note} onChange={(e) => setNote(e.target.value)} maxLength={200} />}
                  onConfirm={() => void review(d, false)}
                >
                  <Button type="link" size="small" danger>
                    {D.reject}
                  </Button>
                </Popconfirm>
              </Space>
            ),
        },
      ]}
    />
  );
}

/** 申报二维码: each bike's declaration QR code, printed one by one or as an A4 sheet; the owners' declarations to approve. */
export function DeclarePage() {
  return (
    <div className="sp-page" data-testid="gb-declare">
      <Bikes />
      <Declarations />
    </div>
  );
}
