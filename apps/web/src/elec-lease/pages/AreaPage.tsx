import { Alert, Select } from 'antd';
import { LEASE_AREA_KINDS, elecLeaseEndpoints, type LeaseArea, type LeaseAreaKind } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { L } from '../messages.ts';

const A = L.area;
const kinds = [{ value: '', label: A.none }, ...Object.entries(LEASE_AREA_KINDS).map(([value, label]) => ({ value, label }))];

/** 服务区域: the account's geofences as operating boundary, no-parking zones and return points. */
export function AreaPage() {
  const areas = useWholeList(elecLeaseEndpoints.areas);
  const canEdit = usePermission('lease:area:edit');
  return (
    <div className="sp-page" data-testid="lease-area">
      <ListCard<LeaseArea>
        title={A.title}
        above={<Alert type="info" showIcon message={A.hint} style={{ marginBottom: 12 }} />}
        list={areas}
        rowKey="geofenceId"
        columns={[
          { title: A.fence, dataIndex: 'name', width: 240 },
          {
            title: A.shape,
            key: 's',
            width: 160,
            render: (_, a) => `${a.fenceKindName}${a.radius ? `（半径 ${Math.round(a.radius)} 米）` : ''}`,
          },
          {
            title: A.kind,
            key: 'k',
            width: 200,
            render: (_, a) => (
              <Select
                style={{ width: 160 }}
                disabled={!canEdit}
                value={a.kind}
                options={kinds}
                data-testid="area-kind"
                onChange={(kind: LeaseAreaKind | '') =>
                  void call(elecLeaseEndpoints.setArea, { geofenceId: a.geofenceId, kind }).then(
                    () => void areas.reload(),
                    () => {},
                  )
                }
              />
            ),
          },
        ]}
      />
    </div>
  );
}
