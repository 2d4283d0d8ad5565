import type { GroupNode } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { AppError, fail } from '../../http/errors.ts';
import type { SessionUser } from '../auth/session.service.ts';
import { targetAccount } from './assets.ts';
import { MAX_GROUP_DEPTH, groupTree } from './assets.presenter.ts';
import { groupsQueries, type GroupRow } from './groups.queries.ts';
import { terminalScope } from './terminalScope.ts';

export interface GroupInput {
  name?: string;
  parentId?: number | null;
  accountId?: number;
  sort?: number;
}

function cleanName(name: string | undefined): string {
  const text = (name ?? '').trim();
  if (!text) throw fail('请填写分组名称');
  if (text.length > 40) throw fail('分组名称最多40个字');
  return text;
}

export async function groupsOf(db: Db, user: SessionUser, accountId: number | undefined): Promise<GroupNode[]> {
  if (accountId !== undefined) await targetAccount(db, user, accountId);
  return groupTree(await groupsQueries.visible(db, terminalScope(user), accountId ?? null));
}

async function visibleGroup(db: Db, user: SessionUser, id: number): Promise<GroupRow> {
  const group = await groupsQueries.visibleOne(db, terminalScope(user), id);
  if (!group) throw new AppError('notFound', '分组不存在或无权访问');
  return group;
}

/** The parent must be visible and of the same account, and the tree stays MAX_GROUP_DEPTH deep. */
async function checkedParent(db: Db, user: SessionUser, parentId: number | null | undefined, accountId: number | undefined) {
  if (!parentId) return null;
  const parent = await visibleGroup(db, user, parentId);
  if (accountId !== undefined && parent.account_id !== accountId) throw fail('上级分组不属于该账户');
  if ((await groupsQueries.ancestors(db, parent.id)).length + 2 > MAX_GROUP_DEPTH) throw fail(`分组最多${MAX_GROUP_DEPTH}级`);
  return parent;
}

export async function createGroup(db: Db, user: SessionUser, input: GroupInput): Promise<number> {
  const name = cleanName(input.name);
  const parent = await checkedParent(db, user, input.parentId, input.accountId);
  const account = parent ? { id: parent.account_id } : await targetAccount(db, user, input.accountId);
  return groupsQueries.insert(db, { accountId: account.id, parentId: parent?.id ?? null, name, sort: input.sort ?? 0 });
}

export async function updateGroup(db: Db, user: SessionUser, id: number, input: GroupInput): Promise<void> {
  const group = await visibleGroup(db, user, id);
  const parentId = input.parentId === undefined ? group.parent_id : input.parentId || null;
  if (parentId !== null && parentId !== group.parent_id) {
    if (parentId === id || (await groupsQueries.ancestors(db, parentId)).includes(id)) throw fail('不能把分组移动到它自己或它的下级分组之下');
    await checkedParent(db, user, parentId, group.account_id);
  }
  const name = input.name === undefined ? group.name : cleanName(input.name);
  await groupsQueries.update(db, id, { parentId, name, sort: input.sort ?? group.sort });
}

/** A group with sub-groups is refused; its vehicles become ungrouped. */
export async function deleteGroup(db: Db, user: SessionUser, id: number): Promise<void> {
  await visibleGroup(db, user, id);
  if ((await groupsQueries.childCount(db, id)) > 0) throw fail('请先删除或移走下级分组');
  await groupsQueries.delete(db, id);
}
