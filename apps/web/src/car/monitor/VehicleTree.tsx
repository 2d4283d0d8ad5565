import { useMemo, useState } from 'react';
import { Empty, Input, Spin, Tree, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useFleet } from '../fleet/FleetProvider.tsx';
import { rosterChanged, useFleetValue } from '../fleet/useFleetValue.ts';
import { buildVehicleTree, groupKeys, type TreeNode } from '../fleet/vehicleTree.ts';
import type { VehicleState } from '../../shared/vehicle/vehicleState.ts';
import { M } from '../messages.ts';
import { StateTabs } from './StateTabs.tsx';
import { VehicleRow } from './VehicleRow.tsx';

interface Props {
  selectedId: number | null;
  onSelect: (vehicleId: number) => void;
  height: number;
  checkable?: boolean;
  checked?: number[];
  onCheck?: (vehicleIds: number[]) => void;
}

/** A row of the antd tree: plain data; its look is drawn by renderTitle for the rows on screen only. */
interface AntNode {
  key: string;
  title: string;
  children?: AntNode[];
  isLeaf?: boolean;
  node: TreeNode;
}

function toAnt(nodes: TreeNode[]): AntNode[] {
  return nodes.map((n) =>
    n.kind === 'group'
      ? { key: n.key, title: n.name, children: toAnt(n.children), node: n }
      : { key: n.key, title: n.vehicle.plate || n.vehicle.name, isLeaf: true, node: n },
  );
}

function renderTitle({ node: n }: AntNode) {
  if (n.kind === 'group') {
    return (
      <span className="car-tree-group">
        {n.name}
        <em>{n.count}</em>
      </span>
    );
  }
  return <VehicleRow vehicleId={n.vehicleId} plate={n.vehicle.plate || n.vehicle.name} />;
}

/**
 * The vehicle tree by group, with per-state counts and search by plate or terminal id. Virtual:
 * 10 000 rows scroll freely. Its rows stay put while positions stream in (the antd tree is
 * rebuilt only when the fleet, the search or, under a state filter, that state's members
 * change); each row on screen follows its own vehicle (VehicleRow).
 */
export function VehicleTree({ selectedId, onSelect, height, checkable, checked, onCheck }: Props) {
  const { store, groups, loading } = useFleet();
  const [keyword, setKeyword] = useState('');
  const [state, setState] = useState<VehicleState | 'all'>('all');
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const roster = useFleetValue((s) => s.rosterVersion, Object.is, rosterChanged);
  const members = useFleetValue((s) => (state === 'all' ? '' : s.membership(state)));

  const tree = useMemo(
    () => buildVehicleTree(groups, store.values(), { keyword, state }, M.tree.ungrouped),
    // roster and members are the store's change signals: the tree is rebuilt when they move
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [groups, store, keyword, state, roster, members],
  );
  const data = useMemo(() => toAnt(tree), [tree]);
  const expanded = useMemo(() => groupKeys(tree).filter((k) => !collapsed.has(k)), [tree, collapsed]);
  const selectedKeys = useMemo(() => (selectedId ? [`v-${selectedId}`] : []), [selectedId]);
  const checkedKeys = useMemo(() => checked?.map((id) => `v-${id}`), [checked]);
  const shown = tree.reduce((n, t) => n + (t.kind === 'group' ? t.count : 1), 0);

  return (
    <div className="car-tree" data-testid="vehicle-tree">
      <StateTabs value={state} onChange={setState} />
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
        {M.tree.count(shown, store.size)}
      </Typography.Text>
      {loading && store.size === 0 ? (
        <Spin tip={M.monitor.fleetLoading}>
          <div style={{ height: 120 }} />
        </Spin>
      ) : data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={M.tree.empty} />
      ) : (
        <Tree<AntNode>
          blockNode
          virtual
          titleRender={renderTitle}
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
          selectedKeys={selectedKeys}
          onSelect={(_keys, info) => {
            const key = String(info.node.key);
            if (key.startsWith('v-')) onSelect(Number(key.slice(2)));
          }}
          checkable={checkable}
          checkedKeys={checkedKeys}
          onCheck={(keys) => {
            const list = (Array.isArray(keys) ? keys : keys.checked).map(String).filter((k) => k.startsWith('v-'));
            onCheck?.(list.map((k) => Number(k.slice(2))));
          }}
        />
      )}
    </div>
  );
}
