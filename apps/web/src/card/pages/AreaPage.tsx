import { useEffect, useMemo, useState } from 'react';
import { Button, Input, InputNumber, Popconfirm, Radio, Select, Space, Table, TreeSelect } from 'antd';
import { cardEndpoints, geofenceEndpoints, type CardArea } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { toast } from '../../shared/ui/toast.ts';
import { CardMap, type MapCircle } from '../CardMap.tsx';
import { useStaffList, useTeams } from '../useCardData.ts';
import { teamTree } from '../teamTree.ts';
import { C } from '../messages.ts';

const A = C.area;

/** 责任区域: areas (the platform's geofences) drawn on the map and given to a person or a team. */
export function AreaPage() {
  const canEdit = usePermission('card:area:edit');
  const [areas, setAreas] = useState<CardArea[]>([]);
  const { staff } = useStaffList();
  const { teams } = useTeams();
  const [center, setCenter] = useState<{ lat: number; lon: number } | null>(null);
  const [radius, setRadius] = useState(200);
  const [name, setName] = useState('');
  const [to, setTo] = useState<'staff' | 'team'>('team');
  const [assignee, setAssignee] = useState<number | undefined>();
  useEffect(() => void call(cardEndpoints.areas).then(setAreas, () => {}), []);
  const circles: MapCircle[] = useMemo(() => [
    ...areas.filter((a) => a.center && a.radius).map((a) => ({ id: a.areaId, lon: a.center![0]!, lat: a.center![1]!, radius: a.radius!, color: '#1677ff' })),
    ...(center ? [{ id: 0, ...center, radius, color: '#fa8c16' }] : []),
  ], [areas, center, radius]);
  const create = async () => {
    const fence = await call(geofenceEndpoints.add, { name: name.trim(), kind: 'circle', center: [center!.lon, center!.lat], radius });
    const next = await call(cardEndpoints.saveArea, { geofenceId: fence.geofenceId, ...(to === 'staff' ? { staffId: assignee } : { teamId: assignee }) });
    setAreas(next);
    setCenter(null);
    setName('');
    toast.success(C.common.saved);
  };
  const del = (areaId: number) => call(cardEndpoints.deleteArea, { areaId }).then(setAreas, () => {});
  return (
    <div className="cd-page" data-testid="card-area">
      <section className="cd-card">
        <div className="cd-toolbar">
          <span className="cd-title">{A.title}</span>
          {canEdit && (
            <Space wrap>
              <Input placeholder={A.fence} value={name} onChange={(e) => setName(e.target.value)} style={{ width: 140 }} />
              <InputNumber min={20} max={5000} value={radius} onChange={(v) => setRadius(v ?? 200)} addonAfter="米" style={{ width: 130 }} />
              <Radio.Group value={to} onChange={(e) => (setTo(e.target.value), setAssignee(undefined))} options={[{ value: 'team', label: A.toTeam }, { value: 'staff', label: A.toStaff }]} />
              {to === 'team'
                ? <TreeSelect style={{ width: 150 }} treeData={teamTree(teams)} value={assignee} onChange={setAssignee} placeholder={A.assignTo} />
                : <Select showSearch optionFilterProp="label" style={{ width: 150 }} value={assignee} onChange={setAssignee} placeholder={A.assignTo} options={staff.map((s) => ({ value: s.staffId, label: `${s.name} ${s.staffNo}` }))} />}
              <Button type="primary" disabled={!center || !name.trim() || !assignee} onClick={() => void create().catch(() => {})}>{A.newArea}</Button>
              <span className="cd-muted">{center ? `${center.lat.toFixed(5)}, ${center.lon.toFixed(5)}` : A.centerHelp}</span>
            </Space>
          )}
        </div>
        <div style={{ height: 420, position: 'relative' }}><CardMap points={[]} circles={circles} focus={circles[0] ?? null} onClickMap={(lat, lon) => setCenter({ lat, lon })} /></div>
      </section>
      <section className="cd-card">
        <Table<CardArea> rowKey="areaId" size="small" dataSource={areas} pagination={false} data-testid="card-area-table" columns={[
          { title: A.fence, dataIndex: 'fenceName' },
          { title: A.kind, dataIndex: 'kind', width: 90, render: (k: string) => (k === 'circle' ? A.kindCircle : A.kindPolygon) },
          { title: A.radius, dataIndex: 'radius', width: 100, render: (r: number | null) => r ?? C.common.none },
          { title: A.assignee, key: 'who', render: (_, a) => `${a.teamId ? A.toTeam : A.toStaff}：${a.assignee}` },
          ...(canEdit ? [{ title: C.common.actions, key: 'a', width: 80, render: (_: unknown, a: CardArea) => <Popconfirm title={C.common.confirmDelete} onConfirm={() => void del(a.areaId)}><a>{C.common.del}</a></Popconfirm> }] : []),
        ]} />
      </section>
    </div>
  );
}
