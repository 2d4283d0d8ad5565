import { describe, expect, it } from 'vitest';
import type { GroupNode } from '@chelian/contracts';
import { findGroup, groupOptions } from './groupOptions.ts';

const node = (id: number, name: string, children: GroupNode[] = []): GroupNode => ({
  id,
  name,
  parentId: null,
  accountId: 1,
  accountName: '',
  sort: 0,
  vehicleCount: 0,
  children,
});
const tree = [node(1, '华南', [node(2, '深圳', [node(3, '南山')]), node(4, '广州')]), node(5, '华北')];

describe('group options', () => {
  it('mirrors the tree for a TreeSelect', () => {
    expect(groupOptions(tree)).toEqual([
      {
        value: 1,
        title: '华南',
        disabled: undefined,
        children: [
          {
            value: 2,
            title: '深圳',
            disabled: undefined,
            children: [{ value: 3, title: '南山', disabled: undefined, children: undefined }],
          },
          { value: 4, title: '广州', disabled: undefined, children: undefined },
        ],
      },
      { value: 5, title: '华北', disabled: undefined, children: undefined },
    ]);
  });

  it('never offers a group as a place under itself or its own sub-groups', () => {
    const options = groupOptions(tree, 2);
    expect(options[0].children?.[0]).toEqual({ value: 2, title: '深圳', disabled: true, children: undefined });
    expect(options[0].children?.[1].disabled).toBeUndefined();
  });

  it('finds a group anywhere in the tree', () => {
    expect(findGroup(tree, 3)?.name).toBe('南山');
    expect(findGroup(tree, 99)).toBeUndefined();
  });
});
