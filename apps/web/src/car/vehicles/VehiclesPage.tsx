import { useState } from 'react';
import { Button, Input, Popconfirm, Select, Space, TreeSelect } from 'antd';
import { DeleteOutlined, ExportOutlined, ImportOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import {
  PROTOCOL_NAMES,
  SERVICE_STATES,
  vehicleEndpoints,
  type PermissionCode,
  type ServiceState,
  type Vehicle,
  type VehicleListQuery,
} from '@chelian/contracts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { useCustomerAccountId } from '../fleet/useCustomerAccount.ts';
import { M } from '../messages.ts';
import { ImportVehiclesModal } from './ImportVehiclesModal.tsx';
import { MoveVehiclesModal } from './MoveVehiclesModal.tsx';
import { VehicleFormModal } from './VehicleFormModal.tsx';
import { groupOptions } from './groupOptions.ts';
import { useGroups } from './useGroups.ts';
import { vehicleColumns } from './vehicleColumns.tsx';
import './vehicles.css';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';

const V = M.vehicles;
const CAN: Record<'add' | 'edit' | 'remove' | 'import', PermissionCode> = {
  add: 'car:vehicle:add',
  edit: 'car:vehicle:edit',
  remove: 'car:vehicle:delete',
  import: 'car:vehicle:import',
};
type Filters = Omit<VehicleListQuery, 'current' | 'pageSize'>;
const NO_GROUP = 0;
const toOptions = (names: Record<string, string>) => Object.entries(names).map(([value, label]) => ({ value, label }));

/** 车辆管理: search and filter the fleet's vehicles, add, edit, delete, move between groups, import and export. */
export function VehiclesPage() {
  const fleet = useFleet();
  // The customer picked in the shell narrows the list, and new vehicles go into it.
  const accountId = useCustomerAccountId();
  const [groups] = useGroups(accountId);
  const can = {
    add: usePermission(CAN.add),
    edit: usePermission(CAN.edit),
    remove: usePermission(CAN.remove),
    import: usePermission(CAN.import),
  };
  const [draft, setDraft] = useState<Filters>({});
  const [filters, setFilters] = useState<Filters>({});
  const vehicles = usePagedList(vehicleEndpoints.list, { ...filters, accountId });
  const reload = () => void vehicles.reload();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<Vehicle | null | 'new'>(null);
  const [moving, setMoving] = useState<number[]>([]);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  // After a change the monitor's fleet learns of it too.
  const changed = () => {
    reload();
    fleet.reload();
  };
  const search = (next: Filters) => {
    setFilters(next);
    setSelected([]);
  };
  const remove = async (ids: number[]) => {
    try {
      const { deleted } = await call(vehicleEndpoints.delete, { vehicleIds: ids.join(',') });
      toast.success(V.deleted(deleted));
      setSelected((s) => s.filter((id) => !ids.includes(id)));
      changed();
    } catch {
      /* shown by the request layer */
    }
  };
  const exportList = async () => {
    setExporting(true);
    await call(vehicleEndpoints.export, { ...filters, accountId }, { fileName: '车辆列表.xlsx' }).catch(() => undefined);
    setExporting(false);
  };

  const columns = vehicleColumns(
    can.edit || can.remove
      ? (v) => (
          <Space size={0}>
            {can.edit && (
              <Button type="link" size="small" onClick={() => setEditing(v)} data-testid="vehicle-edit">
                {M.common.edit}
              </Button>
            )}
            {can.remove && (
              <Popconfirm
                title={V.deleteOne(v.plate || v.name)}
                okText={M.common.delete}
                cancelText={M.common.cancel}
                onConfirm={() => remove([v.vehicleId])}
              >
                <Button type="link" size="small" danger data-testid="vehicle-delete">
                  {M.common.delete}
                </Button>
              </Popconfirm>
            )}
          </Space>
        )
      : undefined,
  );

  return (
    <ListCard<Vehicle>
      className="car-page car-vehicles"
      testId="car-vehicles"
      filters={
        <>
          <Input.Search
            allowClear
            placeholder={V.keyword}
            style={{ width: 280 }}
            value={draft.keyword}
            onChange={(e) => setDraft({ ...draft, keyword: e.target.value })}
            onSearch={(keyword) => search({ ...draft, keyword: keyword || undefined })}
            data-testid="vehicle-search"
          />
          <TreeSelect
            allowClear
            treeDefaultExpandAll
            placeholder={V.allGroups}
            style={{ width: 170 }}
            value={draft.groupId}
            treeData={[{ value: NO_GROUP, title: V.noGroup }, ...groupOptions(groups)]}
            onChange={(groupId?: number) => search({ ...draft, groupId })}
          />
          <Select
            allowClear
            placeholder={V.status}
            style={{ width: 110 }}
            value={draft.online === undefined ? undefined : String(draft.online)}
            options={[
              { value: 'true', label: V.online },
              { value: 'false', label: V.offline },
            ]}
            onChange={(v?: string) => search({ ...draft, online: v === undefined ? undefined : v === 'true' })}
          />
          <Select
            allowClear
            placeholder={V.protocol}
            style={{ width: 120 }}
            value={draft.protocol}
            options={toOptions(PROTOCOL_NAMES)}
            onChange={(protocol?: string) => search({ ...draft, protocol })}
          />
          <Select
            allowClear
            placeholder={V.serviceState}
            style={{ width: 130 }}
            value={draft.serviceState}
            options={toOptions(SERVICE_STATES)}
            onChange={(serviceState?: ServiceState) => search({ ...draft, serviceState })}
            data-testid="vehicle-filter-state"
          />
          <Button onClick={() => (setDraft({}), search({}))}>{M.common.reset}</Button>
        </>
      }
      secondBar={
        <>
          {can.add && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="vehicle-add">
              {V.add}
            </Button>
          )}
          {can.import && (
            <Button icon={<ImportOutlined />} onClick={() => setImporting(true)} data-testid="vehicle-import-open">
              {V.import}
            </Button>
          )}
          <Button icon={<ExportOutlined />} loading={exporting} onClick={exportList} data-testid="vehicle-export">
            {V.export}
          </Button>
          {selected.length > 0 && (
            <>
              <span className="car-selected">{V.selected(selected.length)}</span>
              {can.edit && (
                <Button icon={<SwapOutlined />} onClick={() => setMoving(selected)}>
                  {V.moveGroup}
                </Button>
              )}
              {can.remove && (
                <Popconfirm
                  title={V.deleteConfirm(selected.length)}
                  okText={M.common.delete}
                  cancelText={M.common.cancel}
                  onConfirm={() => remove(selected)}
                >
                  <Button danger icon={<DeleteOutlined />}>
                    {V.deleteSelected}
                  </Button>
                </Popconfirm>
              )}
            </>
          )}
        </>
      }
      list={vehicles}
      rowKey="vehicleId"
      columns={columns}
      table={{
        locale: { emptyText: V.empty },
        rowSelection:
          can.edit || can.remove
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]), preserveSelectedRowKeys: true }
            : undefined,
        'data-testid': 'vehicle-table',
      }}
    >
      <VehicleFormModal
        open={editing !== null}
        vehicle={editing === 'new' ? null : editing}
        groups={groups}
        accountId={accountId}
        onClose={() => setEditing(null)}
        onSaved={() => (setEditing(null), changed())}
      />
      <ImportVehiclesModal
        open={importing}
        accountId={accountId}
        onClose={() => setImporting(false)}
        onImported={() => (setImporting(false), changed())}
      />
      <MoveVehiclesModal
        vehicleIds={moving}
        groups={groups}
        onClose={() => setMoving([])}
        onMoved={() => (setMoving([]), setSelected([]), changed())}
      />
    </ListCard>
  );
}
