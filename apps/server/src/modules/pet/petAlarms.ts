/**
 * A pet's alarms: the newest of its collar's alarms received since the pet was set up, raised through the
 * platform's one pipeline (the gateway from the watch status word: SOS, low battery, taken off,
 * fence in/out; presence: offline), in the caller's scope only — or, for a family member seeing a
 * shared pet, in the pet's own account subtree.
 */
import type { PetAlarm } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import { petsQueries, type PetRow } from './pets.queries.ts';
import { alarmTypeName } from '../../core/alarm.presenter.ts';

const LIMIT = 50;

export async function petAlarms(q: Queryable, user: SessionUser, pet: PetRow): Promise<PetAlarm[]> {
  if (pet.terminal_pk === null) return [];
  const scope = pet.shared ? await petsQueries.accountPath(q, pet.account_id) : terminalScope(user);
  const rows = await petsQueries.alarms(q, scope, pet.terminal_pk, pet.created_at, LIMIT);
  return rows.map((r) => ({
    alarmId: Number(r.id),
    type: r.type,
    typeName: alarmTypeName(r.type),
    time: r.alarm_time.getTime(),
    lat: r.lat,
    lon: r.lon,
    handled: r.handled,
  }));
}
