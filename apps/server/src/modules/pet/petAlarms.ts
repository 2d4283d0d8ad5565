/**
 * A pet's alarms: the newest of its collar's alarms received since the pet was set up, raised through the
 * platform's one pipeline (the gateway from the watch status word: SOS, low battery, taken off,
 * fence in/out; presence: offline), in the caller's scope only — or, for a family member seeing a
 * shared pet, in the pet's own account subtree.
 */
import type { PetAlarm } from '@chelian/contracts';
import type { Queryable } from '../../db/types.ts';
import { accountInScope } from '../../core/accountScope.ts';
import { terminalScope } from '../../core/terminalScope.ts';
import type { SessionUser } from '../../core/sessionUser.ts';
import type { PetRow } from './pets.queries.ts';
import { alarmTypeName, storedAlarmType } from '../../core/alarm.presenter.ts';

const LIMIT = 50;

export async function petAlarms(q: Queryable, user: SessionUser, pet: PetRow): Promise<PetAlarm[]> {
  if (pet.terminal_pk === null) return [];
  const scope = pet.shared
    ? (await q.query<{ path: string }>('SELECT path FROM accounts WHERE id = $1', [pet.account_id]))[0]!.path
    : terminalScope(user);
  const rows = await q.query<{ id: string; type: string; alarm_time: Date; lat: number | null; lon: number | null; handled: boolean }>(
    `SELECT al.id, al.type, al.alarm_time, al.lat, al.lon, al.handled FROM alarms al JOIN accounts a ON a.id = al.account_id
      WHERE al.terminal_id = $2 AND al.received_at >= $3 AND ${accountInScope('a.path', 1)}
      ORDER BY al.alarm_time DESC, al.id DESC LIMIT ${LIMIT}`,
    [scope, pet.terminal_pk, pet.created_at],
  );
  return rows.map((r) => ({
    alarmId: Number(r.id),
    type: storedAlarmType(r.type),
    typeName: alarmTypeName(r.type),
    time: r.alarm_time.getTime(),
    lat: r.lat,
    lon: r.lon,
    handled: r.handled,
  }));
}
