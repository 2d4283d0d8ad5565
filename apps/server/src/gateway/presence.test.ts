import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types.ts';
import { MemoryBus } from '../bus/bus.ts';
import { PresenceTracker } from './presence.ts';
import type { TerminalInfo } from './terminalDirectory.ts';

/** A database that records the last-seen times the tracker writes (touchSeen's ids and epoch milliseconds) and answers every other query with no rows. */
function recordingDb() {
  const written: Array<Array<{ id: number; at: number }>> = [];
  const query = async (sql: string, params: unknown[] = []) => {
    if (sql.includes('last_seen_at = x.at')) {
      const [ids, ms] = params as [number[], number[]];
      written.push(ids.map((id, i) => ({ id, at: ms[i] })));
    }
    return [];
  };
  return { db: { engine: 'postgres', query, exec: async () => {} } as unknown as Db, written };
}

const log = { error: () => {}, warn: () => {}, info: () => {} } as unknown as FastifyBaseLogger;
const info = (pk: number): TerminalInfo => ({
  pk,
  identifier: `01330000${pk}`,
  key: `01330000${pk}`,
  accountId: null,
  accountPath: null,
  enabled: true,
  serviceExpiresAt: null,
  vehicleId: null,
  plate: null,
  vehicleName: null,
  lastAlarms: [],
  latestAt: null,
  handedOverAt: null,
  authCode: null,
});

afterEach(() => void vi.useRealTimers());

describe('presence: last_seen_at written once a refresh period while a terminal keeps talking', () => {
  it('writes a terminal heard from every 5 s once a minute, and its last message when the connection closes', async () => {
    vi.useFakeTimers({ now: Date.parse('2026-12-02T08:00:00Z'), toFake: ['Date'] });
    const { db, written } = recordingDb();
    const presence = new PresenceTracker(db, new MemoryBus(), log, 300);
    expect(presence.refreshMs).toBe(60_000);
    const close = () => {};
    await presence.arrive(info(7301), 'jt808', close);
    const start = Date.now();

    // Two minutes of a report every 5 s, swept every 10 s as the tracker's timer would.
    const writtenAt: number[] = [];
    for (let s = 5; s <= 120; s += 5) {
      vi.setSystemTime(start + s * 1000);
      presence.touch(7301, Date.now());
      if (s % 10 === 0) {
        await presence.sweep();
        for (const rows of written.splice(0)) writtenAt.push(...rows.map((r) => (r.at - start) / 1000));
      }
    }
    expect(writtenAt).toEqual([60, 120]);

    // Heard from at 125 s, then the connection closes: the record ends at 125 s, not at the last write.
    vi.setSystemTime(start + 125_000);
    presence.touch(7301, Date.now());
    presence.leave(7301, close);
    await presence.sweep();
    expect(written.flat().map((r) => ({ id: r.id, s: (r.at - start) / 1000 }))).toEqual([{ id: 7301, s: 125 }]);
  });

  it('keeps the record within a quarter of the silence allowed when that is under a minute', () => {
    const presence = new PresenceTracker(recordingDb().db, new MemoryBus(), log, 8);
    expect(presence.refreshMs).toBe(2000);
    expect(presence.refreshMs + presence.sweepIntervalMs).toBeLessThan(8000);
  });
});
