import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Descriptions, Input, Select, Space, Tag } from 'antd';
import { AudioOutlined, HistoryOutlined, PhoneOutlined } from '@ant-design/icons';
import { STAFF_STATE_NAMES, cardEndpoints, type Staff } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission, usePermissionMenu } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { CardMap, areaShapes, type MapPoint } from '../CardMap.tsx';
import { useLoaded, useReloadEvery, useWholeList } from '../../shared/list/useLoaded.ts';
import { beijingTime } from '../cardTime.ts';
import { beijingDate } from '../../shared/format/beijingTime.ts';
import { allStaff } from '../allStaff.ts';
import { C, STATE_COLORS } from '../messages.ts';

const M = C.monitor;
const REFRESH_MS = 10_000;

/** 轨迹回放 of the person on the day of their last position (an offline person's last day, not an empty today). */
const playbackPath = (staff: Staff) => `/playback?staffId=${staff.staffId}${staff.gpsTime ? `&date=${beijingDate(staff.gpsTime)}` : ''}`;

function InfoCard({ staff, onClose }: { staff: Staff; onClose: () => void }) {
  const canCall = usePermission('card:monitor:call');
  const canPlay = usePermissionMenu('card:playback');
  const navigate = useNavigate();
  const [phone, setPhone] = useState('');
  const send = (listen: boolean) =>
    call(cardEndpoints.call, { staffId: staff.staffId, phone: phone.trim(), listen }).then(
      (r) => toast.success(`${M.callSent}：${r.message}`),
      () => {},
    );
  return (
    <Card
      size="small"
      className="cd-info"
      title={
        <Space>
          {staff.name}
          <Tag color={STATE_COLORS[staff.state]}>{staff.stateName}</Tag>
        </Space>
      }
      extra={<a onClick={onClose}>×</a>}
      data-testid="card-info"
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { label: C.staff.no, children: staff.staffNo },
          { label: C.staff.team, children: staff.teamName || C.common.none },
          { label: C.staff.phone, children: staff.phone || C.common.none },
          { label: C.staff.badge, children: staff.terminalId || C.common.none },
          { label: C.device.battery, children: staff.battery === null ? C.common.none : `${staff.battery}%` },
          { label: M.located, children: beijingTime(staff.gpsTime) },
        ]}
      />
      <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
        {canCall && staff.terminalId && (
          <>
            <Input
              size="small"
              placeholder={M.phone}
              value={phone}
              onChange={(e) => setPhone(e.target.value)}
              data-testid="card-call-phone"
            />
            <Space>
              <Button size="small" icon={<PhoneOutlined />} disabled={!phone.trim()} onClick={() => void send(false)}>
                {M.call}
              </Button>
              <Button
                size="small"
                icon={<AudioOutlined />}
                disabled={!phone.trim()}
                onClick={() => void send(true)}
                data-testid="card-listen"
              >
                {M.listen}
              </Button>
            </Space>
          </>
        )}
        {/* the person's track on 智能工牌's own 轨迹回放 (the car product's is refused to a card-only account) */}
        {canPlay && (
          <Button size="small" icon={<HistoryOutlined />} onClick={() => navigate(playbackPath(staff))} data-testid="card-open-playback">
            {M.playback}
          </Button>
        )}
      </Space>
    </Card>
  );
}

/** 工牌定位: everyone on the map coloured by state (on duty, off post, alarm, off shift, offline), refreshed every 10 s, over the responsibility areas (circles and polygons). */
export function MonitorPage() {
  const { rows: staff, reload } = useLoaded(allStaff, null);
  // Everyone's state moves: a quiet reload every 10 s (the newest answer wins if one is slow).
  useReloadEvery(reload, REFRESH_MS);
  // the responsibility areas under everyone, silent: a failure leaves the map without them
  const { rows: areas } = useWholeList(cardEndpoints.areas, undefined, { silent: true });
  const { circles, polygons } = useMemo(() => areaShapes(areas, '#1677ff'), [areas]);
  const [picked, setPicked] = useState<number | null>(null);
  const [state, setState] = useState<string | undefined>();
  const shown = state ? staff.filter((s) => s.state === state) : staff;
  const points: MapPoint[] = useMemo(
    () =>
      shown
        .filter((s) => s.lat !== null && s.lon !== null)
        .map((s) => ({ id: s.staffId, lat: s.lat!, lon: s.lon!, color: STATE_COLORS[s.state] ?? '#999', label: s.name })),
    [shown],
  );
  const current = staff.find((s) => s.staffId === picked) ?? null;
  const counts = staff.reduce<Record<string, number>>((n, s) => ((n[s.state] = (n[s.state] ?? 0) + 1), n), {});
  return (
    <div className="sp-page" data-testid="card-monitor">
      <div className="cd-split">
        <section className="sp-card">
          <div className="sp-toolbar">
            <span className="sp-title">{M.list}</span>
            <Select
              allowClear
              size="small"
              style={{ width: 130 }}
              placeholder={M.allStates}
              value={state}
              onChange={setState}
              options={Object.entries(STAFF_STATE_NAMES).map(([value, label]) => ({ value, label: `${label} ${counts[value] ?? 0}` }))}
            />
          </div>
          <div className="cd-staff-list">
            {shown.map((s) => (
              <div
                key={s.staffId}
                className={`cd-staff-item${s.staffId === picked ? ' active' : ''}`}
                onClick={() => setPicked(s.staffId)}
                data-testid="card-staff-item"
              >
                <span className="cd-dot" style={{ background: STATE_COLORS[s.state] }} />
                {s.name}{' '}
                <span className="sp-muted">
                  {s.staffNo} · {s.stateName}
                </span>
              </div>
            ))}
          </div>
        </section>
        <section className="sp-card cd-map-card">
          <CardMap
            points={points}
            circles={circles}
            polygons={polygons}
            onPick={setPicked}
            focus={current && current.lat !== null ? { lat: current.lat, lon: current.lon! } : null}
          />
          {current && <InfoCard staff={current} onClose={() => setPicked(null)} />}
        </section>
      </div>
    </div>
  );
}
