import { describe, expect, it } from 'vitest';
import type { GroupNode } from '@chelian/contracts';
import type { FleetVehicle } from './fleetStore.ts';
import { buildVehicleTree, groupKeys } from './vehicleTree.ts';

const v = (
  vehicleId: number,
  plate: string,
  groupId: number | null,
  state: FleetVehicle['state'] = 'moving',
  terminalId = `0138${vehicleId}`,
) => ({ vehicleId, plate, name: plate, groupId, terminalId, state }) as FleetVehicle;
const g = (id: number, name: string, children: GroupNode[] = []) => ({
  id,
  name,
  parentId: null,
  accountId: 1,
  accountName: '',
  sort: 0,
  vehicleCount: 0,
  children,
});

const groups = [g(1, '深圳车队', [g(2, '福田组')]), g(3, '空组')];
const fleet = [v(1, '粤B2', 2), v(2, '粤B1', 2, 'offline'), v(3, '粤A9', 1, 'alarm'), v(4, '京A1', null), v(5, '沪A1', 99)];

describe('vehicle tree', () => {
  it('nests vehicles under their groups, sorts by plate, drops empty groups and gathers the rest under 未分组', () => {
    const tree = buildVehicleTree(groups, fleet, { keyword: '', state: 'all' }, '未分组');
    expect(tree.map((n) => n.key)).toEqual(['g-1', 'g-none']);
    const top = tree[0] as Extract<(typeof tree)[number], { kind: 'group' }>;
    expect(top.count).toBe(3);
    const sub = top.children[0] as typeof top;
    expect(sub.children.map((c) => (c.kind === 'vehicle' ? c.vehicle.plate : ''))).toEqual(['粤B1', '粤B2']);
    expect((tree[1] as typeof top).count).toBe(2); // no group and an unknown group
    expect(groupKeys(tree)).toEqual(['g-1', 'g-2', 'g-none']);
  });

  it('filters by state and by plate or terminal id, with or without leading zeros', () => {
    expect(groupKeys(buildVehicleTree(groups, fleet, { keyword: '', state: 'alarm' }, '未分组'))).toEqual(['g-1']);
    const byTerminal = buildVehicleTree(groups, fleet, { keyword: '1383', state: 'all' }, '未分组');
    expect(JSON.stringify(byTerminal)).toContain('粤A9');
    expect(buildVehicleTree(groups, fleet, { keyword: 'b1', state: 'all' }, '未分组')[0]).toMatchObject({ count: 1 });
    expect(buildVehicleTree(groups, fleet, { keyword: 'zzz', state: 'all' }, '未分组')).toEqual([]);
  });
});
