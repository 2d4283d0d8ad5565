import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { permission } from '../accounts/permissions.ts';
import { GroupNodeSchema } from './assets.presenter.ts';
import { createGroup, deleteGroup, groupsOf, updateGroup } from './groups.service.ts';

const Id = Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 });
const TreeQuery = Type.Object({ accountId: Type.Optional(Id) });
const AddBody = Type.Object({
  name: Type.String({ maxLength: 40 }),
  parentId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1 })),
  accountId: Type.Optional(Id),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
const UpdateBody = Type.Object({
  groupId: Id,
  name: Type.Optional(Type.String({ maxLength: 40 })),
  parentId: Type.Optional(Type.Integer({ minimum: 0, maximum: 2 ** 53 - 1 })),
  sort: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
const DeleteBody = Type.Object({ groupId: Id });
const GroupId = Type.Object({ groupId: Type.Integer() });

/** Vehicle groups: a tree per account (the spec's vehicle-group selector reads tree.json). */
export function groupsRoutes(ctx: AppContext, app: FastifyInstance) {
  const base = '/car/v4/api/group';
  const edit = { permission: permission('car:group:edit') };

  app.get(`${base}/tree.json`, { schema: { querystring: TreeQuery, response: { 200: Type.Array(GroupNodeSchema) } } }, async (request) =>
    groupsOf(ctx.db, caller(request), (request.query as Static<typeof TreeQuery>).accountId),
  );

  app.post(`${base}/add.json`, { config: edit, schema: { body: AddBody, response: { 200: GroupId } } }, async (request) => ({
    groupId: await createGroup(ctx.db, caller(request), request.body as Static<typeof AddBody>),
  }));

  app.post(`${base}/update.json`, { config: edit, schema: { body: UpdateBody, response: { 200: GroupId } } }, async (request) => {
    const body = request.body as Static<typeof UpdateBody>;
    await updateGroup(ctx.db, caller(request), body.groupId, body);
    return { groupId: body.groupId };
  });

  app.post(`${base}/delete.json`, { config: edit, schema: { body: DeleteBody, response: { 200: GroupId } } }, async (request) => {
    const { groupId } = request.body as Static<typeof DeleteBody>;
    await deleteGroup(ctx.db, caller(request), groupId);
    return { groupId };
  });
}
