import { Switch, Tag } from 'antd';
import { elecCarEndpoints, type BikeFence } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { BikePageFrame } from '../BikePageFrame.tsx';
import { E } from '../messages.ts';

const F = E.fence;

function FencesOf({ bikeId }: { bikeId: number }) {
  const fences = useWholeList(elecCarEndpoints.fences, { bikeId });
  const canEdit = usePermission('elecCar:fence:edit');
  const toggle = (f: BikeFence, bound: boolean) =>
    call(elecCarEndpoints.bindFence, { bikeId, geofenceId: f.geofenceId, bound }).then(
      () => fences.reload(true),
      () => {},
    );
  return (
    <ListCard<BikeFence>
      above={
        <div className="sp-muted" style={{ marginBottom: 10 }}>
          {F.hint}
        </div>
      }
      list={fences}
      rowKey="geofenceId"
      size="small"
      identityColumn={false}
      table={{ 'data-testid': 'ec-fences' }}
      columns={[
        { title: F.name, dataIndex: 'name', width: 220 },
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
