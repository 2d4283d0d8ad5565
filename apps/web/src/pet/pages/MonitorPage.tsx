import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, InputNumber, Popconfirm, Progress, Tag } from 'antd';
import { AlertOutlined, ReloadOutlined, SoundOutlined } from '@ant-design/icons';
import { PET_LOST_MINUTES, petEndpoints, type Pet, type PetAlarm } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { type ListView } from '../../shared/list/usePagedList.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { PetPageFrame } from '../PetPageFrame.tsx';
import { PetZoneMap, mapZoneOf, type MapZone } from '../PetZoneMap.tsx';
import { P } from '../messages.ts';
import { beijingDateTime, beijingFormat } from '../../shared/format/beijingTime.ts';
import { browserPager } from '../../shared/ui/pagination.ts';

const M = P.monitor;
const REFRESH_MS = 5000;

const ageText = (s: number | null) =>
  s === null
    ? '—'
    : s < 60
      ? `${s}秒`
      : s < 3600
        ? `${Math.floor(s / 60)}分钟`
        : s < 86400
          ? `${Math.floor(s / 3600)}小时`
          : `${Math.floor(s / 86400)}天`;

function LiveCard({ pet }: { pet: Pet }) {
  const l = pet.live;
  const figure = (label: string, value: React.ReactNode, testId?: string) => (
    <div data-testid={testId}>
      <div className="pt-figure-label">{label}</div>
      <div className="pt-figure-value">{value}</div>
    </div>
  );
  return (
    <section className="sp-card" data-testid="pt-live">
      <div className="pt-head">
        <span className="pt-name">{pet.name}</span>
        <Tag color={l.online ? 'green' : 'default'}>{l.online ? M.online : M.offline}</Tag>
        <span className={`pt-fresh-${l.freshness}`} data-testid="pt-freshness">
          <span className="pt-dot" />
          {l.freshnessName}
        </span>
        {pet.lostUntil && (
          <Tag color="red" data-testid="pt-lost-tag">
            {M.lostUntil} {beijingFormat(pet.lostUntil, 'HH:mm')}
          </Tag>
        )}
      </div>
      {!pet.terminalId ? (
        <p className="pt-note">{M.noCollar}</p>
      ) : (
        <div className="pt-figures">
          {figure(M.lastFix, l.gpsTime ? beijingDateTime(l.gpsTime) : '—')}
          {figure(M.age, ageText(l.ageSeconds), 'pt-age')}
          {figure(M.source, l.sourceName)}
          {figure(M.accuracy, l.accuracy !== null ? `${l.accuracy} 米` : '—')}
          {figure(M.signal, l.signal !== null ? `${l.signal}` : '—')}
          {figure(
            M.battery,
            l.battery !== null ? (
              <Progress percent={l.battery} size="small" status={l.battery < 20 ? 'exception' : 'normal'} style={{ width: 120 }} />
            ) : (
              '—'
            ),
            'pt-battery',
          )}
          {figure(M.place, l.lat !== null && l.lon !== null ? <AddressText point={{ lon: l.lon, lat: l.lat, mac: '' }} /> : '—')}
        </div>
      )}
      <p className="pt-note">{M.freshnessNote}</p>
    </section>
  );
}

function LostPanel({ pet, onDone }: { pet: Pet; onDone: () => void }) {
  const [minutes, setMinutes] = useState<number>(PET_LOST_MINUTES.default);
  const [busy, setBusy] = useState(false);
  const act = (p: Promise<{ message: string }>) => {
    setBusy(true);
    p.then((r) => (toast.success(r.message), onDone()))
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  const on = pet.lostUntil !== null;
  return (
    <section className="sp-card" data-testid="pt-lost">
      <div className="sp-toolbar">
        <span className="sp-title">{M.lost}</span>
      </div>
      <div className="pt-controls">
        {!on && (
          <>
            <span className="sp-muted">{M.minutes}</span>
            <InputNumber
              min={PET_LOST_MINUTES.min}
              max={PET_LOST_MINUTES.max}
              value={minutes}
              onChange={(v) => setMinutes(v ?? PET_LOST_MINUTES.default)}
              addonAfter="分钟"
              style={{ width: 140 }}
            />
          </>
        )}
        <Popconfirm
          title={on ? M.lostOff : M.lostOn}
          onConfirm={() => act(call(petEndpoints.lostMode, { petId: pet.petId, on: !on, minutes }))}
        >
          <Button
            type={on ? 'default' : 'primary'}
            danger={!on}
            icon={<AlertOutlined />}
            loading={busy}
            disabled={!pet.terminalId}
            data-testid="pt-lost-switch"
          >
            {on ? M.lostOff : M.lostOn}
          </Button>
        </Popconfirm>
        <Button
          icon={<SoundOutlined />}
          disabled={!pet.terminalId || busy}
          onClick={() => act(call(petEndpoints.find, { petId: pet.petId }))}
          data-testid="pt-find"
        >
          {M.find}
        </Button>
      </div>
      <p className="pt-note">{M.lostNote.replace('{n}', String(pet.reportSeconds / 60))}</p>
    </section>
  );
}

/** Where the pet is now, with its safe zones; the view follows it. */
function LiveMap({ pet }: { pet: Pet }) {
  const { rows: petZones } = useWholeList(petEndpoints.zones, { petId: pet.petId }, { silent: true });
  const zones = useMemo<MapZone[]>(() => petZones.map(mapZoneOf), [petZones]);
  const at = useMemo<[number, number] | null>(
    () => (pet.live.lon !== null && pet.live.lat !== null ? [pet.live.lon, pet.live.lat] : null),
    [pet.live.lon, pet.live.lat],
  );
  if (!at) return null;
  return (
    <section className="sp-card">
      <div className="sp-toolbar">
        <span className="sp-title">{M.map}</span>
        <span className="sp-muted">{M.mapNote}</span>
      </div>
      <PetZoneMap zones={zones} pet={at} follow testId="pt-live-map" />
    </section>
  );
}

/** The pet's alarms, ten to a page (the answer holds them all). */
function AlarmList({ alarms }: { alarms: ListView<PetAlarm> }) {
  return (
    <ListCard<PetAlarm>
      title={M.alarms}
      list={{ ...alarms, pager: browserPager({ hideOnSinglePage: true }) }}
      rowKey="alarmId"
      size="small"
      identityColumn={false}
      table={{ 'data-testid': 'pt-alarms', locale: { emptyText: M.noAlarms } }}
      columns={[
        { title: M.alarmTime, dataIndex: 'time', width: 170, render: (t: number) => beijingFormat(t) },
        { title: M.alarmType, dataIndex: 'typeName', width: 160, render: (n: string) => <Tag color="red">{n}</Tag> },
        {
          title: M.place,
          key: 'at',
          width: 420,
          render: (_, a) => (a.lat !== null && a.lon !== null ? <AddressText point={{ lon: a.lon, lat: a.lat, mac: '' }} /> : '—'),
        },
        { title: M.handled, dataIndex: 'handled', width: 90, render: (h: boolean) => (h ? M.handledYes : M.handledNo) },
      ]}
    />
  );
}

function Live({ pet: initial }: { pet: Pet }) {
  // the pet's detail by the shared loader: a late answer for the pet shown before is dropped
  const detail = useWholeList(petEndpoints.detail, { petId: initial.petId }, { silent: true });
  const pet = detail.data?.petId === initial.petId ? detail.data : initial;
  const canControl = usePermission('pet:monitor:control') && !pet.shared;
  const alarms = useWholeList(petEndpoints.alarms, { petId: initial.petId }, { silent: true });
  const { reload: reloadPet } = detail;
  const { reload: reloadAlarms } = alarms;
  const refresh = useCallback(() => {
    void reloadPet(true);
    void reloadAlarms(true);
  }, [reloadPet, reloadAlarms]);
  useEffect(() => {
    const timer = setInterval(refresh, REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return (
    <>
      <div className="pt-grid">
        <LiveCard pet={pet} />
        {canControl && <LostPanel pet={pet} onDone={refresh} />}
      </div>
      <LiveMap pet={pet} />
      <AlarmList alarms={alarms} />
    </>
  );
}

/** 宠物定位: the pet's last place with its age, accuracy, signal and battery in freshness colours; lost mode and find. */
export function MonitorPage() {
  return (
    <PetPageFrame
      title={M.title}
      testId="pt-monitor"
      tools={
        <Button icon={<ReloadOutlined />} onClick={() => window.location.reload()}>
          {P.common.refresh}
        </Button>
      }
    >
      {(pet) => <Live key={pet.petId} pet={pet} />}
    </PetPageFrame>
  );
}
