import type { FastifyInstance } from 'fastify';
import { groupEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { route } from '../../http/route.ts';
import { createGroup, deleteGroup, groupsOf, updateGroup } from './groups.service.ts';

/** Vehicle groups: a tree per account (the spec's vehicle-group selector reads tree.json). */
export function groupsRoutes(ctx: AppContext, app: FastifyInstance) {
  route(app, groupEndpoints.tree, async (query, request) => groupsOf(ctx.db, caller(request), query.accountId));

  route(app, groupEndpoints.add, async (body, request) => ({ groupId: await createGroup(ctx.db, caller(request), body) }));

  route(app, groupEndpoints.update, async (body, request) => {
    await updateGroup(ctx.db, caller(request), body.groupId, body);
    return { groupId: body.groupId };
  });

  route(app, groupEndpoints.delete, async (body, request) => ({
    groupId: body.groupId,
    moved: await deleteGroup(ctx.db, caller(request), body.groupId, body.moveTo || null),
  }));
}
