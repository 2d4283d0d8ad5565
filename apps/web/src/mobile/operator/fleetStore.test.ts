import { describe, expect, it } from 'vitest';
import type { LastPosition } from '@chelian/contracts';
import type { LiveFeed } from '../../shared/live/liveFeed.ts';
import { FleetStore } from './fleetStore.ts';

const at = (terminalId: string, gpsTime: number) => ({ terminalId, gpsTime, lat: 22.5, lon: 114 }) as LastPosition;

/** A feed that never connects: the store's loads and pushes are driven by hand. */
const quietFeed = () => ({ on: () => () => {}, onStatus: () => () => {}, start: () => {}, stop: () => {} }) as unknown as LiveFeed;

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the phone’s fleet', () => {
  it('shows the fleet as the server lists it when a page comes back, keeping a place the feed moved on since', async () => {
    const lists = [[at('A', 100), at('B', 100)], [at('A', 100)]];
    const store = new FleetStore(quietFeed, async () => lists.shift()!);
    const release = store.acquire();
    await settle();
    expect([...store.get().positions.keys()]).toEqual(['A', 'B']);
    store.receive([{ kind: 'pos', data: at('A', 200) }]);
    release(); // leaving flushes what the feed brought
    expect(store.get().positions.get('A')?.gpsTime).toBe(200);

    // B was fitted to a person's badge meanwhile: 智能车联's list no longer holds it
    store.acquire();
    await settle();
    expect([...store.get().positions.keys()]).toEqual(['A']);
    expect(store.get().positions.get('A')?.gpsTime).toBe(200);
  });
});
