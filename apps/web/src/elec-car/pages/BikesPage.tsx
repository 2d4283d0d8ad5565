import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Input, Popconfirm, Progress, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { elecCarEndpoints, LOW_BATTERY_PERCENT, type Bike } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { BindBikeModal } from '../BindBikeModal.tsx';
import { BikeEndUsers } from '../BikeEndUsers.tsx';
import { END_USER_TEXT } from '../../shared/endUsers/EndUsersModal.tsx';
import { useLoaded } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { ownBikes } from '../ownBikes.ts';
import { bikeLabel } from '../BikePicker.tsx';
import { E } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';
import { browserPager } from '../../shared/ui/pagination.ts';

const B = E.bikes;
const S = E.status;

/** 我的车辆: the bikes bound to the account, bind by IMEI / QR, edit the profile, unbind. */
export function BikesPage() {
  const navigate = useNavigate();
  const list = useLoaded(ownBikes, null);
  const { rows: bikes, reload } = list;
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Bike | null | 'new'>(null);
  const [inviting, setInviting] = useState<Bike | null>(null);
  const canEdit = usePermission('elecCar:bikes:edit');
  const shown = keyword
    ? bikes.filter((b) => [b.plate, b.name, b.terminalId, b.brand, b.model].some((x) => x.toLowerCase().includes(keyword.toLowerCase())))
    : bikes;

  const unbind = (b: Bike) =>
    call(elecCarEndpoints.unbind, { bikeId: b.bikeId }).then(
      () => (toast.success(B.unbound), void reload()),
      () => {},
    );

  const columns: ColumnsType<Bike> = [
    {
      title: B.plate,
      key: 'plate',
      width: 120,
      fixed: 'left',
      render: (_, b) => (
        <a onClick={() => navigate(`/monitor?bikeId=${b.bikeId}`)} data-testid="bike-plate">
          {bikeLabel(b)}
        </a>
      ),
    },
    {
      title: B.brandModel,
      key: 'brand',
      width: 105,
      render: (_, b) => [b.brand, b.model].filter(Boolean).join(' ') || <span className="sp-muted">{E.common.none}</span>,
    },
    { title: B.imei, dataIndex: 'terminalId', width: 140 },
    {
      title: B.battery,
      key: 'battery',
      width: 140,
      render: (_, b) =>
        b.status.batteryPercent === null ? (
          <span className="sp-muted">{S.unknown}</span>
        ) : (
          <Progress
            percent={b.status.batteryPercent}
            size="small"
            status={b.status.batteryPercent < LOW_BATTERY_PERCENT ? 'exception' : 'normal'}
            format={(p) => `${p}%`}
          />
        ),
    },
    {
      title: B.state,
      key: 'state',
      width: 180,
      render: (_, b) => (
        <Space size={4} wrap>
          {b.status.online ? <Tag color="green">{S.online}</Tag> : <Tag>{S.offline}</Tag>}
          {b.status.armed ? <Tag color="blue">{S.armed}</Tag> : <Tag>{S.disarmed}</Tag>}
          {b.status.powerCut && <Tag color="red">{S.powerCut}</Tag>}
        </Space>
      ),
    },
    { title: B.frameNo, dataIndex: 'frameNo', width: 115, render: (s: string) => s || <span className="sp-muted">{E.common.none}</span> },
    {
      title: S.lastUpdate,
      key: 'last',
      width: 160,
      render: (_, b) => (b.status.lastUpdate ? beijingDateTime(b.status.lastUpdate) : <span className="sp-muted">{E.common.none}</span>),
    },
    {
      title: E.common.actions,
      key: 'actions',
      width: 200,
      fixed: 'right',
      render: (_, b) =>
        canEdit && (
          <Space size={0}>
            <Button type="link" size="small" onClick={() => setEditing(b)}>
              {B.edit}
            </Button>
            <Button type="link" size="small" onClick={() => setInviting(b)} data-testid="bike-enduser">
              {END_USER_TEXT.action}
            </Button>
            <Popconfirm title={B.unbindConfirm} onConfirm={() => void unbind(b)} overlayStyle={{ maxWidth: 320 }}>
              <Button type="link" size="small" danger data-testid="bike-unbind">
                {B.unbind}
              </Button>
            </Popconfirm>
          </Space>
        ),
    },
  ];

  return (
    <div className="sp-page" data-testid="ec-bikes">
      <ListCard<Bike>
        title={B.title}
        filters={<Input.Search allowClear placeholder={B.keyword} style={{ width: 240 }} onSearch={(k) => setKeyword(k.trim())} />}
        actions={
          canEdit && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="bike-bind">
              {B.bind}
            </Button>
          )
        }
        // an owner's bikes come whole (the keyword also matches the model, which the server's search does not); the table pages them
        list={{ ...list, rows: shown, pager: browserPager() }}
        rowKey="bikeId"
        columns={columns}
        table={{ 'data-testid': 'bike-table' }}
      />
      <BindBikeModal
        open={editing !== null}
        bike={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onDone={() => (setEditing(null), void reload())}
      />
      {inviting && <BikeEndUsers bike={inviting} onClose={() => setInviting(null)} />}
    </div>
  );
}
