import { useEffect, useState } from 'react';
import { Switch, Table, Tag } from 'antd';
import { elecCarEndpoints, type BikeFence } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { BikePageFrame } from '../BikePageFrame.tsx';
import { E } from '../messages.ts';

const F = E.fence;

function FencesOf({ bikeId }: { bikeId: number }) {
  const [fences, setFences] = useState<BikeFence[]>([]);
  const [loading, setLoading] = useState(true);
  const canEdit = usePermission('elecCar:fence:edit');
  useEffect(() => {
    setLoading(true);
    call(elecCarEndpoints.fences, { bikeId })
      .then(setFences, () => setFences([]))
      .finally(() => setLoading(false));
  }, [bikeId]);
  const toggle = (f: BikeFence, bound: boolean) =>
    call(elecCarEndpoints.bindFence, { bikeId, geofenceId: f.geofenceId, bound }).then(setFences, () => {});
  return (
    <section className="sp-card">
      <div className="sp-muted" style={{ marginBottom: 10 }}>
        {F.hint}
      </div>
      <Table<BikeFence>
        rowKey="geofenceId"
        size="small"
        loading={loading}
        dataSource={fences}
        pagination={false}
        data-testid="ec-fences"
        columns={[
          { title: F.name, dataIndex: 'name' },
          { title: F.kind, dataIndex: 'kindName', width: 90 },
          { title: F.radius, dataIndex: 'radius', width: 100, render: (r: number | null) => r ?? '—' },
          {
            title: F.alarms,
            key: 'alarms',
            width: 140,
            render: (_, f) => (
              <>
                {f.alarmEnter && <Tag>{F.enter}</Tag>}
                {f.alarmExit && <Tag>{F.exit}</Tag>}
              </>
            ),
          },
          {
            title: F.bound,
            key: 'bound',
            width: 100,
            render: (_, f) => <Switch checked={f.bound} disabled={!canEdit} onChange={(on) => void toggle(f, on)} />,
          },
        ]}
      />
    </section>
  );
}

/** 电子围栏: which of the account's fences watch the bike (enter/exit alarms). */
export function FencePage() {
  return (
    <BikePageFrame title={F.title} testId="ec-fence">
      {(bike) => <FencesOf key={bike.bikeId} bikeId={bike.bikeId} />}
    </BikePageFrame>
  );
}
