import { useMemo, useState } from 'react';
import { Button, Input, InputNumber, Popconfirm, Segmented, Switch, Tag } from 'antd';
import { PET_ZONE_MIN_RADIUS_M, PET_ZONE_MAX_RADIUS_M, petEndpoints, type GeofenceKind, type Pet, type PetZone } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { PetPageFrame } from '../PetPageFrame.tsx';
import { PetZoneMap, mapZoneOf, type MapZone } from '../PetZoneMap.tsx';
import { P } from '../messages.ts';

const Z = P.zones;
type LL = [number, number];

/** The form fields that keep a zone's shape as it is (for switching an alarm). */
const shapeOf = (z: PetZone) =>
  z.kind === 'circle'
    ? { kind: 'circle' as const, lon: z.lon!, lat: z.lat!, radiusMeters: z.radiusMeters! }
    : { kind: 'polygon' as const, points: z.points.map((p) => `${p[0]},${p[1]}`).join(';') };

function ZonesOf({ pet }: { pet: Pet }) {
  const canEdit = usePermission('pet:fence:edit') && !pet.shared;
  const zoneList = useWholeList(petEndpoints.zones, { petId: pet.petId }, { keepOnFailure: false });
  const zones = zoneList.rows;
  const [mode, setMode] = useState<GeofenceKind>('circle');
  const [draft, setDraft] = useState<LL[]>([]);
  const [name, setName] = useState('');
  const [radius, setRadius] = useState(100);
  const [alarmExit, setAlarmExit] = useState(true);
  const [alarmEnter, setAlarmEnter] = useState(true);
  const [busy, setBusy] = useState(false);
  const reload = () => void zoneList.reload();

  const mapZones = useMemo<MapZone[]>(() => {
    const shown: MapZone[] = zones.map(mapZoneOf);
    if (mode === 'circle' && draft[0])
      shown.push({ id: 0, circle: { center: draft[0], radius: Math.max(PET_ZONE_MIN_RADIUS_M, radius) }, color: '#f59e0b' });
    if (mode === 'polygon' && draft.length >= 3) shown.push({ id: 0, ring: draft, color: '#f59e0b' });
    return shown;
  }, [zones, draft, mode, radius]);
  const petAt: LL | null = pet.live.lon !== null && pet.live.lat !== null ? [pet.live.lon, pet.live.lat] : null;

  const ready = name.trim() !== '' && (mode === 'circle' ? draft.length === 1 : draft.length >= 3);
  const save = () => {
    setBusy(true);
    const shape =
      mode === 'circle'
        ? { kind: 'circle' as const, lon: draft[0]![0], lat: draft[0]![1], radiusMeters: radius }
        : { kind: 'polygon' as const, points: draft.map((p) => `${p[0]},${p[1]}`).join(';') };
    call(petEndpoints.zoneSave, { petId: pet.petId, name: name.trim(), alarmExit, alarmEnter, ...shape })
      .then(() => (toast.success(Z.saved), setDraft([]), setName(''), reload()))
      .catch(() => {})
      .finally(() => setBusy(false));
  };
  const toggle = (z: PetZone, change: { alarmExit?: boolean; alarmEnter?: boolean }) =>
    void call(petEndpoints.zoneSave, {
      petId: pet.petId,
      zoneId: z.zoneId,
      name: z.name,
      alarmExit: z.alarmExit,
      alarmEnter: z.alarmEnter,
      ...shapeOf(z),
      ...change,
    }).then(reload, () => {});
  const remove = (z: PetZone) =>
    void call(petEndpoints.zoneRemove, { zoneId: z.zoneId }).then(
      () => (toast.success(Z.removed), reload()),
      () => {},
    );

  return (
    <div className="pt-grid pt-grid-zones">
      <section className="sp-card">
        <div className="sp-toolbar">
          <span className="sp-title">{Z.map}</span>
          {canEdit && (
            <Segmented
              value={mode}
              onChange={(v) => (setMode(v as GeofenceKind), setDraft([]))}
              options={[
                { value: 'circle', label: Z.circle },
                { value: 'polygon', label: Z.polygon },
              ]}
              data-testid="pt-zone-mode"
            />
          )}
        </div>
        <PetZoneMap
          zones={mapZones}
          draft={draft}
          pet={petAt}
          onClickMap={(p) => canEdit && setDraft((d) => (mode === 'circle' ? [p] : [...d, p]))}
        />
        <p className="pt-note">{Z.rule}</p>
      </section>
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {canEdit && (
          <section className="sp-card" data-testid="pt-zone-form">
            <div className="sp-toolbar">
              <span className="sp-title">{Z.draw}</span>
            </div>
            <p className="pt-note" style={{ marginTop: 0 }}>
              {mode === 'circle' ? Z.circleHint : Z.polygonHint}
              {mode === 'polygon' && draft.length ? ` ${Z.points.replace('{n}', String(draft.length))}` : ''}
            </p>
            <div className="pt-controls" style={{ marginTop: 8 }}>
              <Input
                style={{ width: 160 }}
                maxLength={20}
                placeholder={Z.namePlaceholder}
                value={name}
                onChange={(e) => setName(e.target.value)}
                aria-label={Z.name}
                data-testid="pt-zone-name"
              />
              {mode === 'circle' && (
                <InputNumber
                  style={{ width: 150 }}
                  min={PET_ZONE_MIN_RADIUS_M}
                  max={PET_ZONE_MAX_RADIUS_M}
                  step={10}
                  value={radius}
                  onChange={(v) => setRadius(v ?? PET_ZONE_MIN_RADIUS_M)}
                  addonAfter="米"
                  aria-label={Z.radius}
                />
              )}
            </div>
            <div className="pt-controls" style={{ marginTop: 8 }}>
              <span>{Z.exitAlarm}</span>
              <Switch size="small" checked={alarmExit} onChange={setAlarmExit} />
              <span>{Z.enterAlarm}</span>
              <Switch size="small" checked={alarmEnter} onChange={setAlarmEnter} />
              <Button onClick={() => setDraft([])} disabled={!draft.length}>
                {Z.clear}
              </Button>
              <Button type="primary" loading={busy} disabled={!ready} onClick={save} data-testid="pt-zone-save">
                {Z.save}
              </Button>
            </div>
          </section>
        )}
        {/* Widths that fit the column beside the map (.pt-grid-zones) at 1366 px without scrolling. */}
        <ListCard<PetZone>
          title={Z.list}
          list={zoneList}
          rowKey="zoneId"
          size="small"
          identityColumn={false}
          table={{ 'data-testid': 'pt-zone-table', locale: { emptyText: P.common.empty } }}
          columns={[
            { title: Z.name, dataIndex: 'name', width: 80 },
            {
              title: Z.kind,
              key: 'k',
              width: 96,
              render: (_, z) => (z.kind === 'circle' ? `${z.kindName} ${z.radiusMeters}米` : `${z.kindName} ${z.points.length}点`),
            },
            {
              title: Z.state,
              key: 's',
              width: 84,
              render: (_, z) =>
                z.inside === null ? (
                  <Tag>{Z.unknown}</Tag>
                ) : z.inside ? (
                  <Tag color="green">{Z.inside}</Tag>
                ) : (
                  <Tag color="orange">{Z.outside}</Tag>
                ),
            },
            {
              title: Z.exitAlarm,
              key: 'x',
              width: 72,
              render: (_, z) => (
                <Switch size="small" checked={z.alarmExit} disabled={!canEdit} onChange={(v) => toggle(z, { alarmExit: v })} />
              ),
            },
            {
              title: Z.enterAlarm,
              key: 'e',
              width: 72,
              render: (_, z) => (
                <Switch size="small" checked={z.alarmEnter} disabled={!canEdit} onChange={(v) => toggle(z, { alarmEnter: v })} />
              ),
            },
            ...(canEdit
              ? [
                  {
                    title: '',
                    key: 'actions',
                    width: 56,
                    render: (_: unknown, z: PetZone) => (
                      <Popconfirm title={Z.removeConfirm} onConfirm={() => remove(z)}>
                        <Button type="link" danger size="small">
                          {Z.remove}
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
    </div>
  );
}

/** 安全区域: a pet's home circles and polygons, drawn on the map, with their exit and entry alarms. */
export function ZonesPage() {
  return (
    <PetPageFrame title={Z.title} testId="pt-zones">
      {(pet) => <ZonesOf key={pet.petId} pet={pet} />}
    </PetPageFrame>
  );
}
