import type { FastifyInstance } from 'fastify';
import { LEASE_RIDER_ERRORS, leaseRiderEndpoints } from '@chelian/contracts';
import type { AppContext } from '../../context.ts';
import { caller } from '../../http/auth.hook.ts';
import { auditChange } from '../../http/auditHook.ts';
import { AppError } from '../../http/errors.ts';
import { route } from '../../http/route.ts';
import { inviteEndUser, revokeEndUser } from '../endUsers/endUsers.service.ts';
import { riderQueries } from './rider.queries.ts';
import { visibleRider } from './riders.service.ts';

/**
 * 邀请使用掌上车联 (骑手管理): the rider becomes an end user of the rider persona through the
 * platform's one invitation (endUsers' inviteEndUser: a 个人用户 account with the bike's tracker,
 * the invitation SMS) and is linked to that user (elec_lease_riders.user_id), which is what the
 * rider's pages read. The bike is the one of the rider's open contract; an earlier rider still
 * holding its tracker gives it back first (their invitation to it is revoked).
 */
export function riderInviteRoutes(ctx: AppContext, app: FastifyInstance) {
  route(app, leaseRiderEndpoints.invite, async (body, request) => {
    const operator = caller(request);
    const rider = await visibleRider(ctx.db, operator, body.riderId);
    const bike = await riderQueries.openBikeTerminal(ctx.db, rider.id);
    if (!bike || bike.terminal_id === null) throw new AppError(LEASE_RIDER_ERRORS.inviteNeedsBike, { params: { name: rider.name } });
    // A rental bike changes hands: the tracker still in an earlier rider's 个人用户 account goes back first.
    const earlier = await riderQueries.earlierHolder(ctx.db, bike.terminal_id, rider.phone);
    if (earlier) await revokeEndUser(ctx, operator, Number(earlier.user_id), [Number(bike.terminal_id)]);
    const person = await inviteEndUser(ctx, operator, {
      phone: rider.phone,
      name: rider.name,
      persona: 'rider',
      terminalIds: [Number(bike.terminal_id)],
    });
    if (!(await riderQueries.linkInvited(ctx.db, rider.id, person.userId)))
      throw new AppError(LEASE_RIDER_ERRORS.userLinkedElsewhere, { params: { phone: rider.phone } });
    auditChange(request, { objectType: '掌上车联骑手', objectId: rider.id, after: { userId: person.userId, created: person.created } });
    return { riderId: Number(rider.id), userId: person.userId, phone: person.phone, created: person.created };
  });
}
