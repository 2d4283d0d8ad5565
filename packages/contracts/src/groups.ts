/** Vehicle groups: the tree and its endpoints (car app). */
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { GroupRef, Short } from './fleetFields.ts';
import { Id, Nullable } from './schemas.ts';

/**
 * A group of the tree. Written as an interface because it is recursive; its schema below is
 * depth-limited (a recursive $ref inside the envelope does not serialize reliably).
 */
export interface GroupNode {
  id: number;
  name: string;
  parentId: number | null;
  accountId: number;
  accountName: string;
  sort: number;
  /** vehicles in this group itself (not its sub-groups) */
  vehicleCount: number;
  children: GroupNode[];
}

/** Groups nest at most this deep. */
export const MAX_GROUP_DEPTH = 8;

function groupNode(depth: number): Type.TSchema {
  return Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    parentId: Nullable(Type.Integer()),
    accountId: Type.Integer(),
    accountName: Type.String(),
    sort: Type.Integer(),
    vehicleCount: Type.Integer(),
    children: Type.Array(depth > 1 ? groupNode(depth - 1) : Type.Object({})),
  });
}
const GroupTreeSchema = Type.Unsafe<GroupNode[]>(Type.Array(groupNode(MAX_GROUP_DEPTH)));

const groupBase = '/car/v4/api/group';

export const groupEndpoints = {
  /** accountId: one account of the subtree; a group whose parent is not visible is a root */
  tree: endpoint({
    method: 'GET',
    path: `${groupBase}/tree.json`,
    tag: '车辆分组',
    summary: '查询车辆分组',
    input: Type.Object({ accountId: Type.Optional(Id()) }),
    answer: GroupTreeSchema,
  }),
  add: endpoint({
    method: 'POST',
    path: `${groupBase}/add.json`,
    tag: '车辆分组',
    summary: '新增车辆分组',
    permission: 'car:group:edit',
    input: Type.Object({
      name: Type.String({ maxLength: 40 }),
      parentId: GroupRef,
      accountId: Type.Optional(Id()),
      sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    }),
    answer: Type.Object({ groupId: Type.Integer() }),
  }),
  /** rename and/or move (parentId 0 = top level; never under itself) */
  update: endpoint({
    method: 'POST',
    path: `${groupBase}/update.json`,
    tag: '车辆分组',
    summary: '修改车辆分组',
    permission: 'car:group:edit',
    input: Type.Object({
      groupId: Id(),
      name: Short(40),
      parentId: GroupRef,
      sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
    }),
    answer: Type.Object({ groupId: Type.Integer() }),
  }),
  /** Refused while it has sub-groups. Its vehicles go to `moveTo` (0 or absent: ungrouped). */
  delete: endpoint({
    method: 'POST',
    path: `${groupBase}/delete.json`,
    tag: '车辆分组',
    summary: '删除车辆分组',
    permission: 'car:group:edit',
    input: Type.Object({ groupId: Id(), moveTo: GroupRef }),
    answer: Type.Object({ groupId: Type.Integer(), moved: Type.Integer() }),
  }),
};
