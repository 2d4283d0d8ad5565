import { useMemo, useState } from 'react';
import { Button, Input, InputNumber, Popconfirm, Radio, Segmented, Select, Space, TreeSelect } from 'antd';
import { FENCE_KINDS, FENCE_KIND_NAMES, cardEndpoints, geofenceEndpoints, type CardArea, type GeofenceKind } from '@chelian/contracts';
import type { LL } from '../../shared/map/fenceDraw.ts';
import { call } from '../../shared/request/call.ts';
import { AddressText } from '../../shared/address/AddressText.tsx';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { CardMap, areaCenter, areaShapes, type MapCircle, type MapPolygon } from '../CardMap.tsx';
import { useLoaded, useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { allStaff } from '../allStaff.ts';
import { teamTree } from '../teamTree.ts';
import { C } from '../messages.ts';

const A = C.area;
const AREA_COLOR = '#1677ff';
const DRAFT_COLOR = '#fa8c16';

/** An area's polygon as drawn (the stored ring may repeat its first vertex at the end). */
function openRing(ring: ReadonlyArray<ReadonlyArray<number>>): LL[] {
  const out = ring.map((p) => [p[0]!, p[1]!] as LL);
  const [first, last] = [out[0], out.at(-1)];
  return out.length > 1 && first && last && first[0] === last[0] && first[1] === last[1] ? out.slice(0, -1) : out;
}

/**
 * 责任区域: areas (the platform's geofences) drawn on the map — a circle (click its centre, set its
 * radius) or a polygon (click its vertices, double-click to finish, as 电子围栏 draws) — and
 * given to a person or a team. 编辑 renames an area or draws its shape again; its assignee stays.
 */
export function AreaPage() {
  const canEdit = usePermission('card:area:edit');
  const areaList = useWholeList(cardEndpoints.areas);
  const { rows: areas, put, reload } = areaList;
  const { rows: staff } = useLoaded(allStaff, null);
  const { rows: teams } = useWholeList(cardEndpoints.teams);
  const [kind, setKind] = useState<GeofenceKind>('circle');
  const [center, setCenter] = useState<{ lat: number; lon: number } | null>(null);
  const [radius, setRadius] = useState(200);
  const [ring, setRing] = useState<LL[] | null>(null);
  const [name, setName] = useState('');
  const [to, setTo] = useState<'staff' | 'team'>('team');
  const [assignee, setAssignee] = useState<number | undefined>();
  const [editing, setEditing] = useState<CardArea | null>(null);

  const reset = () => (setEditing(null), setCenter(null), setRing(null), setName(''));
  const shown = useMemo(() => (editing ? areas.filter((a) => a.areaId !== editing.areaId) : areas), [areas, editing]);
  const { circles, polygons } = useMemo(() => {
    const base = areaShapes(shown, AREA_COLOR);
    const draftCircle: MapCircle[] = kind === 'circle' && center ? [{ id: 0, ...center, radius, color: DRAFT_COLOR }] : [];
    const draftPolygon: MapPolygon[] = kind === 'polygon' && ring ? [{ id: 0, ring, color: DRAFT_COLOR }] : [];
    return { circles: [...base.circles, ...draftCircle], polygons: [...base.polygons, ...draftPolygon] };
  }, [shown, kind, center, radius, ring]);
  // The areas frame the map (CardMap fits them when they come); the one being edited is brought
  // into view, and with none yet the centre just clicked.
  const focus = useMemo(() => (editing ? areaCenter(editing) : areas.length ? null : center), [editing, areas.length, center]);

  const shape =
    kind === 'circle' ? (center ? { kind, center: [center.lon, center.lat] as LL, radius } : null) : ring ? { kind, rings: [ring] } : null;
  const save = async () => {
    if (!shape) return;
    if (editing) {
      await call(geofenceEndpoints.update, { geofenceId: editing.geofenceId, name: name.trim(), ...shape });
      await reload();
    } else {
      const fence = await call(geofenceEndpoints.add, { name: name.trim(), ...shape });
      put(
        await call(cardEndpoints.saveArea, {
          geofenceId: fence.geofenceId,
          ...(to === 'staff' ? { staffId: assignee } : { teamId: assignee }),
        }),
      );
    }
    reset();
    toast.success(C.common.saved);
  };
  const edit = (a: CardArea) => {
    setEditing(a);
    setName(a.fenceName);
    const k: GeofenceKind = a.kind === 'circle' ? 'circle' : 'polygon';
    setKind(k);
    const c = areaCenter(a);
    setCenter(k === 'circle' ? c : null);
    if (k === 'circle' && a.radius) setRadius(a.radius);
    setRing(k === 'polygon' && a.rings?.[0] ? openRing(a.rings[0]) : null);
  };
  const del = (areaId: number) => call(cardEndpoints.deleteArea, { areaId }).then(put, () => {});
  const drawing = canEdit && kind === 'polygon' && !ring;
  const hint =
    kind === 'circle' ? (
      center ? (
        <AddressText point={{ lon: center.lon, lat: center.lat, mac: '' }} />
      ) : (
        A.centerHelp
      )
    ) : ring ? (
      A.vertices(ring.length)
    ) : (
      A.drawPolygon
    );
  return (
    <div className="sp-page" data-testid="card-area">
      <section className="sp-card">
        <div className="sp-toolbar">
          <span className="sp-title">{editing ? A.editing(editing.fenceName) : A.title}</span>
          {canEdit && (
            <Space wrap>
              <Input
                placeholder={A.fence}
                value={name}
                onChange={(e) => setName(e.target.value)}
                style={{ width: 140 }}
                data-testid="card-area-name"
              />
              <Segmented<GeofenceKind>
                value={kind}
                options={FENCE_KINDS.map((k) => ({ value: k, label: FENCE_KIND_NAMES[k] }))}
                onChange={(k) => (setKind(k), setCenter(null), setRing(null))}
                data-testid="card-area-kind"
              />
              {kind === 'circle' && (
                <InputNumber
                  min={20}
                  max={5000}
                  value={radius}
                  onChange={(v) => setRadius(v ?? 200)}
                  addonAfter="米"
                  style={{ width: 130 }}
                />
              )}
              {!editing && (
                <Radio.Group
                  value={to}
                  onChange={(e) => (setTo(e.target.value), setAssignee(undefined))}
                  options={[
                    { value: 'team', label: A.toTeam },
                    { value: 'staff', label: A.toStaff },
                  ]}
                />
              )}
              {!editing &&
                (to === 'team' ? (
                  <TreeSelect
                    style={{ width: 150 }}
                    treeData={teamTree(teams)}
                    value={assignee}
                    onChange={setAssignee}
                    placeholder={A.assignTo}
                    data-testid="card-area-team"
                  />
                ) : (
                  <Select
                    showSearch
                    optionFilterProp="label"
                    style={{ width: 150 }}
                    value={assignee}
                    onChange={setAssignee}
                    placeholder={A.assignTo}
                    options={staff.map((s) => ({ value: s.staffId, label: `${s.name} ${s.staffNo}` }))}
                  />
                ))}
              <Button
                type="primary"
                disabled={!shape || !name.trim() || (!editing && !assignee)}
                onClick={() => void save().catch(() => {})}
                data-testid="card-area-save"
              >
                {editing ? A.saveShape : A.newArea}
              </Button>
              {kind === 'polygon' && ring && <Button onClick={() => setRing(null)}>{A.redraw}</Button>}
              {editing && <Button onClick={reset}>{C.common.cancel}</Button>}
              <span className="sp-muted" data-testid="card-area-hint">
                {hint}
              </span>
            </Space>
          )}
        </div>
        <div style={{ height: 420, position: 'relative' }}>
          <CardMap
            points={[]}
            circles={circles}
            polygons={polygons}
            focus={focus}
            onClickMap={canEdit && kind === 'circle' ? (lat, lon) => setCenter({ lat, lon }) : undefined}
            draw={drawing ? 'polygon' : null}
            onDrawn={(s) => s.kind === 'polygon' && setRing(s.ring)}
          />
        </div>
      </section>
      <ListCard<CardArea>
        list={areaList}
        rowKey="areaId"
        size="small"
        identityColumn={false}
        table={{ 'data-testid': 'card-area-table' }}
        columns={[
          // the name and the assignee take the width the fixed-size columns leave
          { title: A.fence, dataIndex: 'fenceName', width: 300 },
          { title: A.kind, dataIndex: 'kind', width: 90, render: (k: GeofenceKind) => FENCE_KIND_NAMES[k] },
          { title: A.radius, dataIndex: 'radius', width: 100, render: (r: number | null) => r ?? C.common.none },
          { title: A.assignee, key: 'who', width: 400, render: (_, a) => `${a.teamId ? A.toTeam : A.toStaff}：${a.assignee}` },
          ...(canEdit
            ? [
                {
                  title: C.common.actions,
                  key: 'actions',
                  width: 110,
                  render: (_: unknown, a: CardArea) => (
                    <Space>
                      <a onClick={() => edit(a)}>{C.common.edit}</a>
                      <Popconfirm title={C.common.confirmDelete} onConfirm={() => void del(a.areaId)}>
                        <a>{C.common.del}</a>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
