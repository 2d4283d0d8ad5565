import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  END_USER_ERRORS,
  END_USER_PRESETS,
  ELEC_CAR_ERRORS,
  PET_ERRORS,
  endUserEndpoints,
  type EndUser,
  type EndUserPersona,
} from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { scopeParam } from '../../core/accountScope.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { endUsersQueries as Q, type EndUserRow } from './endUsers.queries.ts';
import { endUsersOf, inviteEndUser, revokeEndUser } from './endUsers.service.ts';

const present = (r: EndUserRow): EndUser => ({
  userId: Number(r.user_id),
  accountId: Number(r.account_id),
  name: r.name,
  phone: r.phone,
  persona: r.persona,
  personaName: END_USER_PRESETS[r.persona].name,
  terminalId: r.identifier,
  invitedAt: r.invited_at.getTime(),
  lastLoginAt: r.last_login_at?.getTime() ?? null,
});

/** 宠物卫士's pets and 电单车卫士's bikes: invite their owners to 掌上车联, list and revoke them. */
export const endUserRoutes = (ctx: AppContext) => async (app: FastifyInstance) => {
  const petTerminal = async (user: SessionUser, petId: number) => {
    const row = await Q.petTerminal(ctx.db, scopeParam(user), petId);
    if (!row) throw new AppError(PET_ERRORS.petNotVisible);
    if (row.terminal_id === null) throw new AppError(END_USER_ERRORS.noTerminal);
    return Number(row.terminal_id);
  };
  const bikeTerminal = async (user: SessionUser, bikeId: number) => {
    const row = await Q.bikeTerminal(ctx.db, scopeParam(user), bikeId);
    if (!row) throw new AppError(ELEC_CAR_ERRORS.bikeNotVisible);
    if (row.terminal_id === null) throw new AppError(END_USER_ERRORS.noTerminal);
    return Number(row.terminal_id);
  };
  const users = async (user: SessionUser, terminalId: number) => (await endUsersOf(ctx, user, terminalId)).map(present);

  const invite = async (request: FastifyRequest, persona: EndUserPersona, terminalId: number, input: { phone: string; name?: string }) => {
    const user = caller(request);
    const person = await inviteEndUser(ctx, user, { phone: input.phone, name: input.name, persona, terminalIds: [terminalId] });
    auditChange(request, { objectType: '掌上车联用户', objectId: person.userId, after: { persona, terminalId, created: person.created } });
    return present(await Q.endUserOf(ctx.db, person.userId, terminalId, persona));
  };
  const revoke = async (request: FastifyRequest, terminalId: number, userId: number) => {
    await revokeEndUser(ctx, caller(request), userId, [terminalId]);
    auditChange(request, { objectType: '掌上车联用户', objectId: userId, after: { terminalId, revoked: true } });
    return null;
  };

  route(app, endUserEndpoints.petInvite, async (input, request) =>
    invite(request, 'petOwner', await petTerminal(caller(request), input.petId), input),
  );
  route(app, endUserEndpoints.petUsers, async (input, request) => users(caller(request), await petTerminal(caller(request), input.petId)));
  route(app, endUserEndpoints.petRevoke, async (input, request) =>
    revoke(request, await petTerminal(caller(request), input.petId), input.userId),
  );

  route(app, endUserEndpoints.bikeInvite, async (input, request) =>
    invite(request, 'bikeOwner', await bikeTerminal(caller(request), input.bikeId), input),
  );
  route(app, endUserEndpoints.bikeUsers, async (input, request) =>
    users(caller(request), await bikeTerminal(caller(request), input.bikeId)),
  );
  route(app, endUserEndpoints.bikeRevoke, async (input, request) =>
    revoke(request, await bikeTerminal(caller(request), input.bikeId), input.userId),
  );
};
