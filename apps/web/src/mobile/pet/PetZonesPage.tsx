import { lazy, Suspense, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Dialog, ErrorBlock, Form, Input, List, NavBar, Skeleton, Slider, SwipeAction, Switch, Tag, Toast } from 'antd-mobile';
import { PET_ZONE_MAX, petEndpoints, type Pet, type PetZone } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { usePets } from './usePets.ts';
import { zoneShapeOf } from './zoneShape.ts';
import { draftOf, formOf, newDraft, RADIUS_SLIDER, type ZoneDraft } from './zoneDraft.ts';
import { PT } from './texts.ts';
import './pet.css';

const PetMap = lazy(() => import('./PetMap.tsx'));
const Z = PT.zone;
const NO_ZONES: PetZone[] = [];

/** 安全区域: the pet's zones on the map and in a list; add or edit a circle round the pet, delete by swiping. */
export function PetZonesPage() {
  const { pets, pet } = usePets();
  if (!pets) return <Skeleton.Paragraph lineCount={6} animated />;
  if (!pet) return <ErrorBlock status="empty" title={PT.none} description={PT.noneHint} />;
  return <Zones key={pet.petId} pet={pet} />;
}

function Zones({ pet }: { pet: Pet }) {
  const zoneList = useWholeList(petEndpoints.zones, { petId: pet.petId }, { silent: true, keepOnFailure: false });
  // a failed load shows no zones rather than waiting on
  const zones = zoneList.data ?? (zoneList.error ? NO_ZONES : null);
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const navigate = useNavigate();
  const editable = !pet.shared;
  const load = () => zoneList.reload(true);

  const at: [number, number] | null = pet.live.lon !== null && pet.live.lat !== null ? [pet.live.lon, pet.live.lat] : null;
  const shapes = useMemo(() => {
    const saved = (zones ?? []).filter((z) => z.zoneId !== draft?.zoneId).map((z) => zoneShapeOf(z));
    if (!draft) return saved;
    return [
      ...saved,
      zoneShapeOf(
        { zoneId: draft.zoneId ?? -1, kind: 'circle', lon: draft.lon, lat: draft.lat, radiusMeters: draft.radiusMeters, points: [] },
        true,
      ),
    ];
  }, [zones, draft]);

  const save = async () => {
    if (!draft) return;
    setSaving(true);
    try {
      await call(petEndpoints.zoneSave, formOf(pet.petId, draft));
      Toast.show({ content: Z.saved, icon: 'success' });
      setDraft(null);
      await load();
    } catch {
      /* the request layer shows the server's message */
    } finally {
      setSaving(false);
    }
  };
  const remove = async (z: PetZone) => {
    if (!(await Dialog.confirm({ content: Z.removeConfirm(z.name) }))) return;
    await call(petEndpoints.zoneRemove, { zoneId: z.zoneId }).then(
      () => (Toast.show({ content: Z.removed }), void load()),
      () => {},
    );
  };
  const start = () => {
    const centre = at ?? zoneCentre(zones?.[0]);
    if (centre) setDraft(newDraft(centre, zones?.length ?? 0));
  };

  return (
    <div className="mp-page" data-testid="mp-zones">
      <NavBar onBack={() => (draft ? setDraft(null) : void navigate(`/pet?petId=${pet.petId}`))}>
        {draft ? (draft.zoneId === null ? Z.add : Z.edit) : `${pet.name} · ${Z.title}`}
      </NavBar>
      <div className="mp-map-box">
        <Suspense fallback={<div className="mp-map-wait">{PT.mapLoading}</div>}>
          <PetMap
            pet={at}
            zones={shapes}
            follow={false}
            testId="mp-zone-map"
            onClickMap={draft ? ([lon, lat]) => setDraft((d) => (d ? { ...d, lon, lat } : d)) : undefined}
          />
        </Suspense>
      </div>
      {draft ? (
        <section className="mp-card" data-testid="mp-zone-form">
          <Form layout="horizontal" footer={null}>
            <Form.Item label={Z.name}>
              <Input
                value={draft.name}
                maxLength={20}
                placeholder={Z.namePlaceholder}
                onChange={(name) => setDraft({ ...draft, name })}
                data-testid="mp-zone-name"
              />
            </Form.Item>
            <Form.Item label={`${Z.radius} ${draft.radiusMeters}米`}>
              <Slider
                min={RADIUS_SLIDER.min}
                max={RADIUS_SLIDER.max}
                step={RADIUS_SLIDER.step}
                value={draft.radiusMeters}
                onChange={(v) => setDraft({ ...draft, radiusMeters: Array.isArray(v) ? v[0]! : v })}
              />
            </Form.Item>
            <Form.Item label={Z.alarmExit} childElementPosition="right">
              <Switch checked={draft.alarmExit} onChange={(alarmExit) => setDraft({ ...draft, alarmExit })} />
            </Form.Item>
            <Form.Item label={Z.alarmEnter} childElementPosition="right">
              <Switch checked={draft.alarmEnter} onChange={(alarmEnter) => setDraft({ ...draft, alarmEnter })} />
            </Form.Item>
          </Form>
          <p className="mp-muted">{Z.centreHint}</p>
          <div className="mp-row">
            <Button block onClick={() => setDraft(null)}>
              取消
            </Button>
            <Button
              block
              color="primary"
              loading={saving}
              disabled={!draft.name.trim()}
              onClick={() => void save()}
              data-testid="mp-zone-save"
            >
              {Z.save}
            </Button>
          </div>
        </section>
      ) : (
        <>
          <List header={Z.title} className="mp-list" data-testid="mp-zone-list">
            {zones === null && <List.Item>…</List.Item>}
            {zones?.length === 0 && <List.Item description={Z.none}>{Z.title}</List.Item>}
            {zones?.map((z) => {
              const item = (
                <List.Item
                  key={z.zoneId}
                  onClick={editable && z.kind === 'circle' ? () => setDraft(draftOf(z)) : undefined}
                  description={`${z.kindName}${z.radiusMeters !== null ? ` ${Math.round(z.radiusMeters)}米` : ''}${z.kind !== 'circle' ? ` · ${Z.polygon}` : ''}`}
                  extra={
                    <Tag color={z.inside === null ? 'default' : z.inside ? 'success' : 'danger'} fill="outline">
                      {z.inside === null ? PT.unknown : z.inside ? PT.inside : PT.outside}
                    </Tag>
                  }
                >
                  {z.name}
                </List.Item>
              );
              return editable ? (
                <SwipeAction
                  key={z.zoneId}
                  rightActions={[{ key: 'remove', text: Z.remove, color: 'danger', onClick: () => void remove(z) }]}
                >
                  {item}
                </SwipeAction>
              ) : (
                item
              );
            })}
          </List>
          <div className="mp-pad">
            {editable ? (
              <Button
                block
                color="primary"
                size="large"
                disabled={(zones?.length ?? 0) >= PET_ZONE_MAX || (!at && !zones?.length)}
                onClick={start}
                data-testid="mp-zone-add"
              >
                {(zones?.length ?? 0) >= PET_ZONE_MAX ? Z.limit(PET_ZONE_MAX) : Z.add}
              </Button>
            ) : (
              <p className="mp-muted">{Z.readOnly}</p>
            )}
          </div>
        </>
      )}
    </div>
  );
}

function zoneCentre(z: PetZone | undefined): [number, number] | null {
  if (!z) return null;
  if (z.lon !== null && z.lat !== null) return [z.lon, z.lat];
  const p = z.points[0];
  return p ? [p[0]!, p[1]!] : null;
}
