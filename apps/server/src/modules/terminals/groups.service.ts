import { MAX_GROUP_DEPTH, TERMINAL_ERRORS, type GroupNode } from '@chelian/contracts';
import type { Db, Queryable } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { targetAccount } from './assets.ts';
import { groupTree } from './assets.presenter.ts';
import { groupsQueries, type GroupRow } from './groups.queries.ts';
import { vehiclesQueries } from './vehicles.queries.ts';
import { terminalScope } from '../../core/terminalScope.ts';

export interface GroupInput {
  name?: string;
  parentId?: number | null;
  accountId?: number;
  sort?: number;
}

function cleanName(name: string | undefined): string {
  const text = (name ?? '').trim();
  if (!text) throw new AppError(TERMINAL_ERRORS.groupNameMissing);
  if (text.length > 40) throw new AppError(TERMINAL_ERRORS.groupNameTooLong);
  return text;
}

export async function groupsOf(db: Db, user: SessionUser, accountId: number | undefined): Promise<GroupNode[]> {
  if (accountId !== undefined) await targetAccount(db, user, accountId);
  return groupTree(await groupsQueries.visible(db, terminalScope(user), accountId ?? null));
}

async function visibleGroup(db: Queryable, user: SessionUser, id: number): Promise<GroupRow> {
  const group = await groupsQueries.visibleOne(db, terminalScope(user), id);
  if (!group) throw new AppError(TERMINAL_ERRORS.groupNotVisible);
  return group;
}

/** The parent must be visible and of the same account, and the tree stays MAX_GROUP_DEPTH deep. */
async function checkedParent(db: Db, user: SessionUser, parentId: number | null | undefined, accountId: number | undefined) {
  if (!parentId) return null;
  const parent = await visibleGroup(db, user, parentId);
  if (accountId !== undefined && parent.account_id !== accountId) throw new AppError(TERMINAL_ERRORS.parentOfOtherAccount);
  if ((await groupsQueries.ancestors(db, parent.id)).length + 2 > MAX_GROUP_DEPTH)
    throw new AppError(TERMINAL_ERRORS.groupTooDeep, { params: { depth: MAX_GROUP_DEPTH } });
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
    if (parentId === id || (await groupsQueries.ancestors(db, parentId)).includes(id)) throw new AppError(TERMINAL_ERRORS.groupUnderItself);
    await checkedParent(db, user, parentId, group.account_id);
  }
  const name = input.name === undefined ? group.name : cleanName(input.name);
  await groupsQueries.update(db, id, { parentId, name, sort: input.sort ?? group.sort });
}

/**
 * A group with sub-groups is refused; its vehicles go to `moveTo` (a group of the same account),
 * or become ungrouped. Answers how many vehicles moved.
 */
export async function deleteGroup(db: Db, user: SessionUser, id: number, moveTo: number | null): Promise<number> {
  return db.tx(async (q) => {
    const group = await visibleGroup(q, user, id);
    if ((await groupsQueries.childCount(q, id)) > 0) throw new AppError(TERMINAL_ERRORS.groupHasChildren);
    let target: number | null = null;
    if (moveTo) {
      if (moveTo === id) throw new AppError(TERMINAL_ERRORS.moveToDeletedGroup);
      const to = await visibleGroup(q, user, moveTo);
      if (to.account_id !== group.account_id) throw new AppError(TERMINAL_ERRORS.groupOfOtherAccount);
      target = to.id;
    }
    const moved = await vehiclesQueries.regroup(q, id, target);
    await groupsQueries.delete(q, id);
    return moved;
  });
}
