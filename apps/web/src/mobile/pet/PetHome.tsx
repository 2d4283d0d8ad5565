import { lazy, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, List, ProgressBar, Switch, Tag, Toast } from 'antd-mobile';
import { PET_LOST_INTERVAL_SECONDS, PET_LOST_MINUTES, petEndpoints, type Pet } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { beijingDate, beijingFormat } from '../../shared/format/beijingTime.ts';
import { agedLive, agoText, goalPercent, withPosition } from './petView.ts';
import { usePets } from './usePets.ts';
import { useLiveTerminal } from '../shared/useLiveTerminal.ts';
import { OwnAssetFrame } from '../shared/OwnAssetFrame.tsx';
import { AlarmsItem, AssetMapBox } from '../shared/OwnAssetParts.tsx';
import { useRefreshing } from '../shared/useRefreshing.ts';
import { zoneShapeOf } from './zoneShape.ts';
import { PT } from './texts.ts';
import './pet.css';

const PetMap = lazy(() => import('./PetMap.tsx'));

/** 宠物 tab: where the pet is and how fresh that is, today's walk and steps, battery, lost mode, ring, zones, messages. */
export function PetHome() {
  const { pets, pet, select, failed, reload } = usePets();
  return (
    <OwnAssetFrame
      assets={pets}
      current={pet}
      failed={failed}
      reload={reload}
      select={select}
      idOf={(a) => a.petId}
      labelOf={(a) => a.name}
      title={PT.title}
      none={PT.none}
      noneHint={PT.noneHint}
      prefix="mp"
      testId="mp-pet-home"
      columns={4}
    >
      {(shown) => <PetLiveView key={shown.petId} initial={shown} />}
    </OwnAssetFrame>
  );
}

function PetLiveView({ initial }: { initial: Pet }) {
  const navigate = useNavigate();
  const [showWalk, setShowWalk] = useState(true);
  const petId = initial.petId;
  // Each quiet (the page shows its own empty figures); the pet as the list gave it until its detail answers.
  const detail = useWholeList(petEndpoints.detail, { petId }, { silent: true, initial });
  const zoneList = useWholeList(petEndpoints.zones, { petId }, { silent: true });
  const alarmList = useWholeList(petEndpoints.alarms, { petId }, { silent: true });
  const activity = useWholeList(petEndpoints.activity, { petId, days: 1 }, { silent: true });
  const battery = useWholeList(petEndpoints.battery, { petId, hours: 24 }, { silent: true });
  const pet = detail.data ?? initial;
  const zones = zoneList.rows;
  const alarms = alarmList.rows;
  const steps = activity.data ? (activity.data.days.at(-1)?.steps ?? 0) : null;
  const hoursLeft = battery.data?.hoursLeft ?? null;

  const refresh = () => {
    for (const list of [detail, zoneList, alarmList, activity, battery]) void list.reload(true);
  };
  // lost mode's end and battery reports without a fix come with the detail, asked again besides the live feed
  const now = useRefreshing(refresh, petId);
  const today = beijingDate(now);
  const history = useWholeList(petEndpoints.history, { petId, date: today }, { silent: true });
  const walk = useMemo(() => (history.data?.points ?? []).map((p): [number, number] => [p.lon, p.lat]), [history.data]);

  useLiveTerminal('pet', pet.terminalId, {
    onPosition: (p) => {
      detail.change((cur) => ({ ...cur, live: withPosition(cur.live, p) }));
      if (p.valid) {
        const point = { time: p.gpsTime, lat: p.lat, lon: p.lon, source: p.extras.locationSource ?? 'gps' };
        history.change((h) => ({ ...h, points: [...h.points, point] }));
      }
    },
    // a zone alarm (or any of the collar's) lands in the messages at once, and the zones' sides follow
    onAlarm: (a) => {
      Toast.show({ content: `${pet.name}：${a.typeName}`, position: 'top', duration: 3000 });
      void alarmList.reload(true);
      void zoneList.reload(true);
    },
  });

  const live = agedLive(pet.live, now);
  const at = useMemo<[number, number] | null>(
    () => (live.lon !== null && live.lat !== null ? [live.lon, live.lat] : null),
    [live.lon, live.lat],
  );
  const shapes = useMemo(() => zones.map((z) => zoneShapeOf(z)), [zones]);
  const unhandled = alarms.filter((a) => !a.handled).length;
  const control = !pet.shared && pet.terminalId !== null;

  const act = (p: Promise<{ message: string }>) =>
    p.then(
      (r) => {
        Toast.show({ content: r.message, icon: 'success' });
        refresh();
      },
      () => {},
    );
  const toggleLost = async (on: boolean) => {
    const ok = await Dialog.confirm({
      title: on ? PT.lostOnConfirm : PT.lostOffConfirm,
      content: on ? PT.lostOnHint(PET_LOST_MINUTES.default, PET_LOST_INTERVAL_SECONDS) : undefined,
    });
    if (ok) await act(call(petEndpoints.lostMode, { petId, on, minutes: PET_LOST_MINUTES.default }));
  };

  return (
    <>
      <AssetMapBox
        prefix="mp"
        loading={PT.mapLoading}
        over={
          pet.lostUntil && (
            <div className="mp-lost-banner" data-testid="mp-lost-banner">
              {PT.lostUntil(beijingFormat(pet.lostUntil, 'HH:mm'))}
            </div>
          )
        }
      >
        <PetMap pet={at} zones={shapes} track={showWalk ? walk : []} />
      </AssetMapBox>

      <section className="mp-card" data-testid="mp-live">
        <div className="mp-head">
          <span className="mp-name">{pet.name}</span>
          <Tag color={live.online ? 'success' : 'default'} fill="outline">
            {live.online ? PT.online : PT.offline}
          </Tag>
          <span className={`mp-fresh mp-fresh-${live.freshness}`} data-testid="mp-freshness">
            <i />
            {live.freshnessName}
          </span>
          {pet.shared && <span className="mp-muted">{PT.shared}</span>}
        </div>
        {!pet.terminalId ? (
          <p className="mp-muted">{PT.noCollar}</p>
        ) : (
          <div className="mp-facts">
            <div>
              <span>{PT.lastFix}</span>
              <b data-testid="mp-age">{agoText(live.ageSeconds)}</b>
            </div>
            <div>
              <span>{PT.source}</span>
              <b data-testid="mp-source">{live.sourceName}</b>
            </div>
            <div>
              <span>{PT.accuracy}</span>
              <b>{live.accuracy !== null ? PT.meters(live.accuracy) : '—'}</b>
            </div>
          </div>
        )}
      </section>

      <section className="mp-card mp-pair">
        <div data-testid="mp-steps">
          <span className="mp-label">{PT.steps}</span>
          <b className="mp-big">{steps ?? '—'}</b>
          <ProgressBar percent={goalPercent(steps ?? 0, pet.stepGoal)} />
          <span className="mp-muted">{PT.goal(pet.stepGoal)}</span>
        </div>
        <div data-testid="mp-battery">
          <span className="mp-label">{PT.battery}</span>
          <b className={`mp-big ${live.battery !== null && live.battery < 20 ? 'mp-danger' : ''}`}>
            {live.battery !== null ? `${live.battery}%` : '—'}
          </b>
          <ProgressBar
            percent={live.battery ?? 0}
            style={{ '--fill-color': live.battery !== null && live.battery < 20 ? 'var(--adm-color-danger)' : 'var(--adm-color-success)' }}
          />
          <span className="mp-muted">
            {live.battery !== null && live.battery < 20 ? PT.batteryLow : hoursLeft !== null ? PT.hoursLeft(hoursLeft) : ' '}
          </span>
        </div>
      </section>

      {control && (
        <section className="mp-card mp-actions">
          <Button block color="primary" size="large" data-testid="mp-find" onClick={() => void act(call(petEndpoints.find, { petId }))}>
            {PT.find}
          </Button>
          <div className="mp-lost-row">
            <div>
              <b>{PT.lost}</b>
              <div className="mp-muted">
                {pet.lostUntil
                  ? PT.lostUntil(beijingFormat(pet.lostUntil, 'HH:mm'))
                  : PT.lostOnHint(PET_LOST_MINUTES.default, PET_LOST_INTERVAL_SECONDS)}
              </div>
            </div>
            <Switch checked={pet.lostUntil !== null} onChange={(on) => void toggleLost(on)} data-testid="mp-lost-switch" />
          </div>
        </section>
      )}

      <List className="mp-list">
        <List.Item extra={<Switch checked={showWalk} onChange={setShowWalk} />} description={PT.walkPoints(walk.length)}>
          {PT.walk}
        </List.Item>
        <List.Item
          onClick={() => navigate(`zones?petId=${petId}`)}
          extra={PT.zonesCount(zones.length)}
          description={zones.map((z) => `${z.name}·${z.inside === null ? PT.unknown : z.inside ? PT.inside : PT.outside}`).join('　')}
          data-testid="mp-zones-link"
        >
          {PT.zones}
        </List.Item>
        <AlarmsItem
          title={PT.messages}
          none={PT.messagesNone}
          unhandled={unhandled}
          latest={alarms[0]}
          onClick={() => navigate(`messages?petId=${petId}`)}
          testId="mp-messages-link"
        />
      </List>
    </>
  );
}
