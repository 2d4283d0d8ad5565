import { useMemo, useState } from 'react';
import { Empty, Input, Spin, Tree, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useFleet, useFleetVersion } from '../fleet/FleetProvider.tsx';
import { buildVehicleTree, groupKeys, type TreeNode } from '../fleet/vehicleTree.ts';
import { STATE_COLORS, type VehicleState } from '../fleet/vehicleState.ts';
import { M } from '../messages.ts';
import { StateTabs } from './StateTabs.tsx';

interface Props {
  selectedId: number | null;
  onSelect: (vehicleId: number) => void;
  height: number;
  checkable?: boolean;
  checked?: number[];
  onCheck?: (vehicleIds: number[]) => void;
}

interface AntNode {
  key: string;
  title: React.ReactNode;
  children?: AntNode[];
  isLeaf?: boolean;
}

function toAnt(nodes: TreeNode[]): AntNode[] {
  return nodes.map((n) =>
    n.kind === 'group'
      ? { key: n.key, title: <span className="car-tree-group">{n.name}<em>{n.count}</em></span>, children: toAnt(n.children) }
      : {
          key: n.key,
          isLeaf: true,
          title: (
            <span className="car-tree-vehicle" data-testid="tree-vehicle" data-vehicle-id={n.vehicleId} data-state={n.vehicle.state}>
              <i className="car-dot" style={{ background: STATE_COLORS[n.vehicle.state] }} />
              <b>{n.vehicle.plate || n.vehicle.name}</b>
              <small>{n.vehicle.state === 'moving' ? `${Math.round(n.vehicle.speed)} ${M.common.kmh}` : n.vehicle.hasPosition ? M.state[n.vehicle.state] : M.state.noPosition}</small>
            </span>
          ),
        },
  );
}

/** The vehicle tree by group, with per-state counts and search by plate or terminal id. Virtual: 10 000 rows scroll freely. */
export function VehicleTree({ selectedId, onSelect, height, checkable, checked, onCheck }: Props) {
  const { store, groups, loading } = useFleet();
  const version = useFleetVersion(2000);
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<VehicleState | 'all'>('all');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());

  const tree = useMemo(() => buildVehicleTree(groups, store.values(), { keyword, state }, M.tree.ungrouped), [groups, store, keyword, state, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const data = useMemo(() => toAnt(tree), [tree]);
  const expanded = useMemo(() => groupKeys(tree).filter((k) => !collapsed.has(k)), [tree, collapsed]);
  const counts = store.counts();
  const shown = tree.reduce((n, t) => n + (t.kind === 'group' ? t.count : 1), 0);

  return (
    <div className="car-tree" data-testid="vehicle-tree">
      <StateTabs counts={counts} value={state} onChange={setState} />
      <Input
        allowClear
        size="middle"
        prefix={<SearchOutlined />}
        placeholder={M.tree.searchPlaceholder}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid="tree-search"
        className="car-tree-search"
      />
      <Typography.Text type="secondary" className="car-tree-count">
        {M.tree.count(shown, counts.total)}
      </Typography.Text>
      {loading && store.size === 0 ? (
        <Spin tip={M.monitor.fleetLoading}>
          <div style={{ height: 120 }} />
        </Spin>
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.tree.empty} />
      ) : (
        <Tree
          blockNode
          virtual
          height={height}
          treeData={data}
          expandedKeys={expanded}
          onExpand={(_keys, info) => {
            const key = String(info.node.key);
            setCollapsed((prev) => {
              const next = new Set(prev);
              if (info.expanded) next.delete(key);
              else next.add(key);
              return next;
            });
          }}
          selectedKeys={selectedId ? [`v-${selectedId}`] : []}
          onSelect={(_keys, info) => {
            const key = String(info.node.key);
            if (key.startsWith('v-')) onSelect(Number(key.slice(2)));
          }}
          checkable={checkable}
          checkedKeys={checked?.map((id) => `v-${id}`)}
          onCheck={(keys) => {
            const list = (Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => k.startsWith('v-'));
            onCheck?.(list.map((k) => Number(k.slice(2))));
          }}
        />
      )}
    </div>
  );
}
