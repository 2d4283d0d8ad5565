import { lazy, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, List, NoticeBar, ProgressBar, Tag, Toast } from 'antd-mobile';
import { SAFE_CUT_RULE, elecCarEndpoints, type Bike, type ElecCarAction } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useLoaded, useWholeList } from '../../shared/list/useLoaded.ts';
import { beijingFormat } from '../../shared/format/beijingTime.ts';
import { agoText } from '../pet/petView.ts';
import { useLiveTerminal } from '../shared/useLiveTerminal.ts';
import { OwnAssetFrame } from '../shared/OwnAssetFrame.tsx';
import { AlarmsItem, AssetMapBox } from '../shared/OwnAssetParts.tsx';
import { useRefreshing } from '../shared/useRefreshing.ts';
import { batteryTone, guardAction, withBikePosition } from './bikeView.ts';
import { useBikes } from './useBikes.ts';
import { EB } from './texts.ts';
import './ebike.css';

const BikeMap = lazy(() => import('./BikeMap.tsx'));

/** The bike's newest 20 alarms, for the count of unhandled ones and the latest. */
const newestAlarms = (bikeId: number, quiet: boolean) =>
  call(elecCarEndpoints.alarms, { bikeId, current: 1, pageSize: 20 }, { silent: quiet }).then((p) => p.list);

/**
 * 电单车 tab: battery and range, where it is, then the guard, find and the safe power cut within the
 * thumb's reach; trips and alarms one tap away.
 */
export function BikeHome() {
  const { bikes, bike, select, failed, reload } = useBikes();
  return (
    <OwnAssetFrame
      assets={bikes}
      current={bike}
      failed={failed}
      reload={reload}
      select={select}
      idOf={(a) => a.bikeId}
      labelOf={(a) => a.plate || a.name}
      title={EB.title}
      none={EB.none}
      noneHint={EB.noneHint}
      prefix="mb"
      testId="mb-bike-home"
      columns={3}
    >
      {(shown) => <BikeLive key={shown.bikeId} initial={shown} />}
    </OwnAssetFrame>
  );
}

function BikeLive({ initial }: { initial: Bike }) {
  const navigate = useNavigate();
  const [trail, setTrail] = useState<[number, number][]>([]);
  const [busy, setBusy] = useState<ElecCarAction | null>(null);
  const bikeId = initial.bikeId;
  // Quiet (the page shows its own empty figures); the bike as the list gave it until its detail answers.
  const detail = useWholeList(elecCarEndpoints.detail, { bikeId }, { silent: true, initial });
  const alarmList = useLoaded(newestAlarms, bikeId, { silent: true });
  const bike = detail.data ?? initial;
  const alarms = alarmList.rows;
  const s = bike.status;

  const refresh = () => {
    void detail.reload(true);
    void alarmList.reload(true);
  };
  const now = useRefreshing(refresh, bikeId);

  useLiveTerminal('elec-car', bike.terminalId || null, {
    onPosition: (p) => {
      detail.change((b) => ({ ...b, status: withBikePosition(b.status, p) }));
      if (p.valid) setTrail((t) => [...t, [p.lon, p.lat]]);
    },
    onAlarm: (a) => {
      Toast.show({ content: `${bike.plate || bike.name}：${a.typeName}`, position: 'top', duration: 3000 });
      alarmList.change((list) => [a, ...list.filter((x) => x.alarmId !== a.alarmId)]);
    },
  });

  const send = async (action: ElecCarAction) => {
    setBusy(action);
    try {
      const r = await call(elecCarEndpoints.control, { bikeId, action });
      Toast.show({ content: r.message, icon: r.status === 'pending' ? undefined : 'success', duration: 3000 });
      refresh();
    } catch {
      /* the request layer shows the server's message */
    } finally {
      setBusy(null);
    }
  };
  const confirmCut = async () => {
    const ok = await Dialog.confirm({
      title: EB.cutTitle,
      content: <div data-testid="mb-cut-rule">{SAFE_CUT_RULE}</div>,
      confirmText: EB.cut,
    });
    if (ok) await send('cut');
  };
  const confirmRestore = async () => {
    if (await Dialog.confirm({ content: EB.restoreConfirm })) await send('restore');
  };
  const cancelCut = () =>
    call(elecCarEndpoints.cancelCut, { bikeId }).then(
      () => (Toast.show({ content: EB.cutCancelled }), refresh()),
      () => {},
    );

  const at = useMemo<[number, number] | null>(() => (s.lon !== null && s.lat !== null ? [s.lon, s.lat] : null), [s.lon, s.lat]);
  const tone = batteryTone(s.batteryPercent);
  const next = guardAction(s.armed);
  const unhandled = alarms.filter((a) => !a.handled).length;
  const age = s.lastUpdate === null ? null : Math.max(0, Math.round((now - s.lastUpdate) / 1000));

  return (
    <>
      <section className="mb-card mb-hero" data-testid="mb-status">
        <div className="mb-head">
          <span className="mb-plate">{bike.plate || bike.name}</span>
          <Tag color={s.online ? 'success' : 'default'} fill="outline">
            {s.online ? EB.online : EB.offline}
          </Tag>
          <Tag color={s.armed ? 'danger' : 'default'} data-testid="mb-armed">
            {s.armed === null ? EB.armedUnknown : s.armed ? EB.armed : EB.disarmed}
          </Tag>
          {s.powerCut && <Tag color="warning">{EB.powerCut}</Tag>}
        </div>
        <div className="mb-battery" data-testid="mb-battery">
          <div>
            <span className="mb-label">{EB.battery}</span>
            <b className={`mb-big mb-tone-${tone}`}>{s.batteryPercent !== null ? `${s.batteryPercent}%` : '—'}</b>
          </div>
          <div>
            <span className="mb-label">{EB.range}</span>
            <b className="mb-big" data-testid="mb-range">
              {s.rangeKm !== null ? `${Math.round(s.rangeKm)} km` : '—'}
            </b>
          </div>
        </div>
        <ProgressBar percent={s.batteryPercent ?? 0} style={{ '--fill-color': `var(--adm-color-${tone})` }} />
        <div className="mb-facts">
          <span>
            {EB.voltage} {s.batteryVoltage !== null ? `${s.batteryVoltage} V` : '—'}
            {s.charging ? ` · ${EB.charging}` : ''}
          </span>
          <span>
            {EB.speed} {s.speed !== null ? `${s.speed} km/h` : '—'}
          </span>
          <span>
            {EB.updated} {agoText(age)}
          </span>
        </div>
        {s.batteryPercent !== null && s.batteryPercent < 20 && <span className="mb-warn">{EB.battery20}</span>}
      </section>

      <AssetMapBox prefix="mb" loading={EB.mapLoading} over={!at && <div className="mb-map-note">{EB.noFix}</div>}>
        <BikeMap at={at} trail={trail} armed={s.armed === true} />
      </AssetMapBox>

      {s.pendingCut && (
        <NoticeBar
          className="mb-notice"
          color="alert"
          wrap
          data-testid="mb-pending-cut"
          content={EB.pendingCut(s.pendingCut.userName, beijingFormat(s.pendingCut.expiresAt, 'HH:mm'))}
          extra={
            <Button size="mini" onClick={() => void cancelCut()}>
              {EB.cancelCut}
            </Button>
          }
        />
      )}

      <section className="mb-actions">
        <Button
          color={next === 'arm' ? 'primary' : 'default'}
          size="large"
          loading={busy === next}
          onClick={() => void send(next)}
          data-testid={`mb-${next}`}
        >
          {next === 'arm' ? EB.arm : EB.disarm}
        </Button>
        <Button size="large" loading={busy === 'find'} onClick={() => void send('find')} data-testid="mb-find">
          {EB.find}
        </Button>
        {s.powerCut ? (
          <Button size="large" color="warning" loading={busy === 'restore'} onClick={() => void confirmRestore()} data-testid="mb-restore">
            {EB.restore}
          </Button>
        ) : (
          <Button
            size="large"
            color="danger"
            fill="outline"
            loading={busy === 'cut'}
            onClick={() => void confirmCut()}
            data-testid="mb-cut"
          >
            {EB.cut}
          </Button>
        )}
      </section>

      <List className="mb-list">
        <List.Item onClick={() => navigate(`trips?bikeId=${bikeId}`)} data-testid="mb-trips-link">
          {EB.tripsToday}
        </List.Item>
        <AlarmsItem
          title={EB.alarms}
          none={EB.alarmsNone}
          unhandled={unhandled}
          latest={alarms[0] && { typeName: alarms[0].typeName, time: alarms[0].alarmTime }}
          onClick={() => navigate(`alarms?bikeId=${bikeId}`)}
          testId="mb-alarms-link"
        />
      </List>
    </>
  );
}
