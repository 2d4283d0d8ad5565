import { useMemo, useState } from 'react';
import { Button, Dropdown, Empty, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { EllipsisOutlined, FolderOutlined, InboxOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import { vehicleEndpoints, type GroupNode, type PermissionCode, type Vehicle } from '@chelian/contracts';
import { usePermission } from '../../shared/permission/usePermission.ts';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { useCustomerAccountId } from '../fleet/useCustomerAccount.ts';
import { M } from '../messages.ts';
import { MoveVehiclesModal } from '../vehicles/MoveVehiclesModal.tsx';
import { useGroups } from '../vehicles/useGroups.ts';
import { findGroup } from '../vehicles/groupOptions.ts';
import { vehicleColumns } from '../vehicles/vehicleColumns.tsx';
import { GroupDialog, type GroupAction } from './GroupDialogs.tsx';
import '../vehicles/vehicles.css';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { usePagedList } from '../../shared/list/usePagedList.ts';

const G = M.groups;
const EDIT_GROUPS: PermissionCode = 'car:group:edit';
const EDIT_VEHICLES: PermissionCode = 'car:vehicle:edit';
/** The "ungrouped" entry of the tree: vehicles without a group (groupId 0 in the list query). */
const UNGROUPED = 0;

/** 车辆分组: the group tree (add, rename, move, delete) and the vehicles of the chosen group, moved one by one or in batches. */
export function GroupsPage() {
  const fleet = useFleet();
  const accountId = useCustomerAccountId();
  const [groups, reloadGroups] = useGroups(accountId);
  const canEditGroups = usePermission(EDIT_GROUPS);
  const canMove = usePermission(EDIT_VEHICLES);
  const [picked, setPicked] = useState<number | null>(null);
  const vehicles = usePagedList(vehicleEndpoints.list, { groupId: picked ?? undefined, accountId });
  const reload = () => void vehicles.reload();
  const [selected, setSelected] = useState<number[]>([]);
  const [moving, setMoving] = useState<number[]>([]);
  const [action, setAction] = useState<GroupAction | null>(null);
  const group = picked === null || picked === UNGROUPED ? undefined : findGroup(groups, picked);

  const pick = (id: number | null) => {
    setPicked(id);
    setSelected([]);
  };
  const changed = () => {
    reloadGroups();
    reload();
    fleet.reload();
  };

  const treeData = useMemo(() => {
    const menu = (g: GroupNode) => ({
      items: [
        { key: 'add', label: G.addChild },
        { key: 'rename', label: G.rename },
        { key: 'move', label: G.move },
        { key: 'delete', label: G.delete, danger: true },
      ],
      onClick: ({ key, domEvent }: { key: string; domEvent: React.MouseEvent | React.KeyboardEvent }) => {
        domEvent.stopPropagation();
        setAction(key === 'add' ? { kind: 'add', parentId: g.id } : ({ kind: key, group: g } as GroupAction));
      },
    });
    const nodes = (list: GroupNode[]): DataNode[] =>
      list.map((g) => ({
        key: g.id,
        title: (
          <span className="car-group-node" data-testid="group-node">
            <FolderOutlined className="car-group-icon" />
            <span className="car-group-name">{g.name}</span>
            <span className="car-group-count">{G.count(g.vehicleCount)}</span>
            {canEditGroups && (
              <Dropdown menu={menu(g)} trigger={['click']}>
                <Button
                  type="text"
                  size="small"
                  icon={<EllipsisOutlined />}
                  onClick={(e) => e.stopPropagation()}
                  data-testid="group-actions"
                />
              </Dropdown>
            )}
          </span>
        ),
        children: nodes(g.children),
      }));
    return [
      ...nodes(groups),
      {
        key: UNGROUPED,
        title: (
          <span className="car-group-node" data-testid="group-node">
            <InboxOutlined className="car-group-icon" />
            <span className="car-group-name">{M.vehicles.noGroup}</span>
          </span>
        ),
        isLeaf: true,
      },
    ];
  }, [groups, canEditGroups]);

  const title = picked === null ? G.allVehicles : picked === UNGROUPED ? G.ungroupedVehicles : G.vehicles(group?.name ?? '');
  const columns = vehicleColumns(
    canMove
      ? (v: Vehicle) => (
          <Button type="link" size="small" onClick={() => setMoving([v.vehicleId])} data-testid="vehicle-move-one">
            {G.moveTo}
          </Button>
        )
      : undefined,
  );

  return (
    <div className="car-page car-groups" data-testid="car-groups">
      <aside className="car-group-tree">
        <div className="car-toolbar">
          <Typography.Text strong style={{ flex: 1 }}>
            {G.title}
          </Typography.Text>
          {canEditGroups && (
            <Button
              type="primary"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setAction({ kind: 'add', parentId: group?.id ?? null })}
              data-testid="group-add"
            >
              {G.add}
            </Button>
          )}
        </div>
        {groups.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={G.empty} />}
        <Tree
          blockNode
          defaultExpandAll
          key={groups.length}
          selectedKeys={picked === null ? [] : [picked]}
          onSelect={(keys) => pick(keys.length ? Number(keys[0]) : null)}
          treeData={treeData}
          data-testid="group-tree"
        />
      </aside>
      <ListCard<Vehicle>
        className="car-group-vehicles"
        title={
          <Space size={8}>
            <span data-testid="group-vehicles-title">{title}</span>
            <span className="car-selected">{M.common.total(vehicles.total)}</span>
          </Space>
        }
        actions={
          canMove &&
          selected.length > 0 && (
            <Space>
              <span className="car-selected">{M.vehicles.selected(selected.length)}</span>
              <Button icon={<SwapOutlined />} onClick={() => setMoving(selected)} data-testid="vehicle-move-batch">
                {G.moveTo}
              </Button>
            </Space>
          )
        }
        list={vehicles}
        rowKey="vehicleId"
        size="small"
        columns={columns}
        table={{
          rowSelection: canMove ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) } : undefined,
          'data-testid': 'group-vehicle-table',
        }}
      />
      <GroupDialog
        action={action}
        groups={groups}
        accountId={accountId}
        onClose={() => setAction(null)}
        onDone={(id) => {
          if (action?.kind === 'delete' && picked === action.group.id) pick(null);
          else if (action?.kind === 'add' && id) pick(id);
          setAction(null);
          changed();
        }}
      />
      <MoveVehiclesModal
        vehicleIds={moving}
        groups={groups}
        onClose={() => setMoving([])}
        onMoved={() => (setMoving([]), setSelected([]), changed())}
      />
    </div>
  );
}
