import { useEffect, useState } from 'react';
import { Button, Image, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { GB_DECLARATION_STATUSES, elecGbEndpoints, type GbBike, type GbDeclaration } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { pagerOf } from '../../shared/ui/pagination.ts';
import { toast } from '../../shared/ui/toast.ts';
import { QrLabelSheet } from '../QrLabelSheet.tsx';
import { qrImageUrl } from '../qrImage.ts';
import { G } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';
import { wideTable } from '../../shared/ui/wideTable.ts';

const D = G.declare;
const R = G.record;
const STATUS_COLOR: Record<string, string> = { pending: 'gold', approved: 'green', rejected: 'red' };

function Bikes() {
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState({ current: 1, pageSize: 10 });
  const [page, setPage] = useState({ total: 0, current: 1, pageSize: 10, list: [] as GbBike[] });
  const [selected, setSelected] = useState<GbBike[]>([]);
  const [printing, setPrinting] = useState<GbBike[]>([]);
  useEffect(() => void call(elecGbEndpoints.list, { ...paging, keyword }).then(setPage, () => {}), [paging, keyword]);
  return (
    <section className="sp-card">
      <div className="sp-toolbar">
        <span className="sp-title">{D.title}</span>
        <span className="sp-muted">{D.pick}</span>
        <Input.Search
          allowClear
          placeholder={R.keyword}
          style={{ width: 240 }}
          onSearch={(k) => (setKeyword(k.trim() || undefined), setPaging((p) => ({ ...p, current: 1 })))}
        />
        <Button
          type="primary"
          icon={<PrinterOutlined />}
          disabled={!selected.length}
          onClick={() => setPrinting(selected)}
          data-testid="gb-print"
        >
          {D.printSelected(selected.length)}
        </Button>
      </div>
      <Table<GbBike>
        rowKey="bikeId"
        size="small"
        dataSource={page.list}
        pagination={pagerOf(page, paging, setPaging)}
        data-testid="gb-qr-table"
        rowSelection={{
          selectedRowKeys: selected.map((b) => b.bikeId),
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => setSelected(rows.filter(Boolean)),
        }}
        {...wideTable<GbBike>(
          [
            {
              title: D.qr,
              key: 'qr',
              width: 90,
              render: (_, b) => (
                <Image
                  width={56}
                  src={qrImageUrl(b.bikeId, 240)}
                  preview={{ src: qrImageUrl(b.bikeId, 480) }}
                  alt={D.qr}
                  data-testid="gb-qr"
                />
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
          ],
          { selectable: true, identityColumn: false },
        )}
      />
      <QrLabelSheet bikes={printing} onClose={() => setPrinting([])} />
    </section>
  );
}

function Declarations() {
  const [status, setStatus] = useState<string | undefined>('pending');
  const [paging, setPaging] = useState({ current: 1, pageSize: 10 });
  const [page, setPage] = useState({ total: 0, current: 1, pageSize: 10, list: [] as GbDeclaration[] });
  const [round, setRound] = useState(0);
  const [note, setNote] = useState('');
  const canReview = usePermission('gb:declare:review');
  useEffect(() => void call(elecGbEndpoints.declarations, { ...paging, status }).then(setPage, () => {}), [paging, status, round]);
  const review = (d: GbDeclaration, approve: boolean) =>
    call(elecGbEndpoints.review, { declarationId: d.declarationId, approve, note }).then(
      () => (toast.success(D.reviewed), setNote(''), setRound((n) => n + 1)),
      () => {},
    );
  return (
    <section className="sp-card">
      <div className="sp-toolbar">
        <span className="sp-title">{D.declarations}</span>
        <Select
          allowClear
          placeholder={D.allStatuses}
          style={{ width: 140 }}
          value={status}
          onChange={(v) => (setStatus(v), setPaging((p) => ({ ...p, current: 1 })))}
          options={Object.entries(GB_DECLARATION_STATUSES).map(([value, label]) => ({ value, label }))}
        />
      </div>
      <Table<GbDeclaration>
        rowKey="declarationId"
        size="small"
        dataSource={page.list}
        pagination={pagerOf(page, paging, setPaging)}
        data-testid="gb-declarations"
        {...wideTable<GbDeclaration>([
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
        ])}
      />
    </section>
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
