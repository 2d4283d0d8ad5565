import { useState } from 'react';
import { Button, Empty, Input, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Permission } from '../../shared/permission/Permission.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { geofenceEndpoints, type Geofence, type PermissionCode } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { fitPoints } from '../../shared/map/camera.ts';
import { MapCommand } from '../../shared/map/MapCommand.tsx';
import { DEFAULT_ZOOM, MapView } from '../../shared/map/MapView.tsx';
import { FenceDrawLayer } from '../../shared/map/layers/FenceDrawLayer.tsx';
import { FencesLayer } from '../map/layers/FencesLayer.tsx';
import { M } from '../messages.ts';
import { BindVehiclesModal } from './BindVehiclesModal.tsx';
import { fencePoints } from './fenceGeometry.ts';
import { FenceForm, draftInput, type FenceDraft } from './FenceForm.tsx';

const EDIT: PermissionCode = 'car:geofence:edit';

const newDraft = (): FenceDraft => ({
  geofenceId: null,
  name: '',
  kind: 'circle',
  shape: null,
  alarmEnter: true,
  alarmExit: true,
  remark: '',
  speedLimitKmh: null,
});

function draftOf(f: Geofence): FenceDraft {
  const shape =
    f.kind === 'circle' && f.center && f.radius
      ? { kind: 'circle' as const, center: f.center, radius: f.radius }
      : { kind: 'polygon' as const, ring: f.rings[0] ?? [] };
  return {
    geofenceId: f.geofenceId,
    name: f.name,
    kind: f.kind,
    shape,
    alarmEnter: f.alarmEnter,
    alarmExit: f.alarmExit,
    remark: f.remark,
    speedLimitKmh: f.speedLimitKmh,
  };
}

/** 电子围栏: the fences on a map, drawing new circles and polygons, attaching vehicles. */
export function GeofencePage() {
  const [keyword, setKeyword] = useState('');
  // every fence on the map at once: one page as large as the server allows
  const { rows: fences, reload: load } = usePagedList(geofenceEndpoints.list, { keyword: keyword || undefined }, { pageSize: 500 });
  const [selected, setSelected] = useState<number | null>(null);
  const [draft, setDraft] = useState<FenceDraft | null>(null);
  const [saving, setSaving] = useState(false);
  const [binding, setBinding] = useState<Geofence | null>(null);
  const [fit, setFit] = useState(0);
  // the page opens on the account's fences (all of China showed none of them), once, when they come
  const [framed, setFramed] = useState(false);

  const current = fences.find((f) => f.geofenceId === selected) ?? null;
  const pick = (id: number) => {
    setSelected(id);
    setFit((n) => n + 1);
  };

  const save = async () => {
    const input = draft && draftInput(draft);
    if (!draft || !input) return void toast.error(M.geofence.needShape);
    setSaving(true);
    try {
      const saved = draft.geofenceId
        ? await call(geofenceEndpoints.update, { geofenceId: draft.geofenceId, ...input })
        : await call(geofenceEndpoints.add, input);
      toast.success(M.geofence.saved);
      setDraft(null);
      await load();
      setSelected(saved.geofenceId);
    } catch {
      /* shown by the request layer */
    } finally {
      setSaving(false);
    }
  };

  const remove = async (f: Geofence) => {
    await call(geofenceEndpoints.delete, { geofenceIds: String(f.geofenceId) })
      .then(() => toast.success(M.geofence.deleted))
      .catch(() => undefined);
    if (selected === f.geofenceId) setSelected(null);
    await load();
  };

  const shown = draft ? fences.filter((f) => f.geofenceId !== draft.geofenceId) : fences;
  const draftFence = draft?.shape
    ? ({
        geofenceId: -1,
        name: draft.name,
        kind: draft.shape.kind,
        center: draft.shape.kind === 'circle' ? draft.shape.center : null,
        radius: draft.shape.kind === 'circle' ? draft.shape.radius : null,
        rings: draft.shape.kind === 'polygon' ? [draft.shape.ring] : [],
      } as Geofence)
    : null;

  return (
    <div className="car-page-full car-geofence" data-testid="car-geofences">
      <aside className="car-side car-panel">
        {draft ? (
          <FenceForm
            draft={draft}
            onChange={setDraft}
            onSave={save}
            onCancel={() => setDraft(null)}
            onRedraw={() => setDraft({ ...draft, shape: null })}
            saving={saving}
          />
        ) : (
          <>
            <div className="car-toolbar">
              <Input.Search allowClear placeholder={M.geofence.name} onSearch={setKeyword} style={{ flex: 1 }} />
              <Permission code={EDIT}>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setDraft(newDraft())} data-testid="fence-add">
                  {M.geofence.add}
                </Button>
              </Permission>
            </div>
            {fences.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.geofence.empty} />
            ) : (
              <List
                size="small"
                dataSource={fences}
                data-testid="fence-list"
                renderItem={(f) => (
                  <List.Item
                    className={f.geofenceId === selected ? 'car-fence-item is-selected' : 'car-fence-item'}
                    onClick={() => pick(f.geofenceId)}
                    data-testid="fence-item"
                  >
                    <div style={{ width: '100%' }}>
                      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                        <Typography.Text strong>{f.name}</Typography.Text>
                        <Space size={4}>
                          {f.speedLimitKmh !== null && <Tag color="red">{M.geofence.speedLimitTag(f.speedLimitKmh)}</Tag>}
                          <Tag color={f.kind === 'circle' ? 'blue' : 'purple'}>{f.kindName}</Tag>
                        </Space>
                      </Space>
                      <div className="car-fence-meta">
                        {M.geofence.vehicles} {M.geofence.vehicleCount(f.vehicleCount)} ·{' '}
                        {[f.alarmEnter && M.geofence.alarmEnter, f.alarmExit && M.geofence.alarmExit].filter(Boolean).join('、') ||
                          M.geofence.noAlarm}
                      </div>
                      <Permission code={EDIT}>
                        <Space size={0} onClick={(e) => e.stopPropagation()}>
                          <Button type="link" size="small" onClick={() => setBinding(f)} data-testid="fence-bind">
                            {M.geofence.bind}
                          </Button>
                          <Button type="link" size="small" onClick={() => (setDraft(draftOf(f)), pick(f.geofenceId))}>
                            {M.common.edit}
                          </Button>
                          <Popconfirm
                            title={M.geofence.deleteConfirm(f.name)}
                            okText={M.common.delete}
                            cancelText={M.common.cancel}
                            onConfirm={() => remove(f)}
                          >
                            <Button type="link" size="small" danger>
                              {M.common.delete}
                            </Button>
                          </Popconfirm>
                        </Space>
                      </Permission>
                    </div>
                  </List.Item>
                )}
              />
            )}
          </>
        )}
      </aside>
      <MapView testId="geofence-map">
        <FencesLayer
          fences={draftFence ? [...shown, draftFence] : shown}
          selectedId={draft ? -1 : selected}
          onSelect={draft ? undefined : pick}
        />
        {draft && !draft.shape && <FenceDrawLayer mode={draft.kind} onDone={(shape) => setDraft((d) => d && { ...d, shape })} />}
        <MapCommand deps={[fit]} run={(map) => fit > 0 && current && fitPoints(map, fencePoints(current), 80)} />
        <MapCommand
          deps={[fences.length > 0 && !framed]}
          run={(map) => {
            if (!fences.length || framed) return;
            setFramed(true);
            // only while the map still shows the whole country: a view the operator has chosen stays
            if (Math.abs(map.getZoom() - DEFAULT_ZOOM) < 0.01) fitPoints(map, fences.flatMap(fencePoints), 60);
          }}
        />
      </MapView>
      <BindVehiclesModal fence={binding} onClose={() => setBinding(null)} onSaved={() => (setBinding(null), void load())} />
    </div>
  );
}
