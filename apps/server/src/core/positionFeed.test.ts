import { describe, expect, it } from 'vitest';
import type { LastPosition } from '@chelian/contracts';
import { PositionFeed } from './positionFeed.ts';
import type { PositionFields } from './position.presenter.ts';

const label = (identifier: string, vehicleId: number | null) => ({ identifier, vehicleId, plate: '粤B1', vehicleName: null, online: true });
const row = (gpsTime: number): PositionFields => ({
  lat: 22.5,
  lon: 114.05,
  speed: 36.04,
  course: 90,
  altitude: 12,
  gpsTime,
  receivedAt: gpsTime,
  valid: true,
  acc: true,
  satellites: 9,
  mileage: null,
  alarms: [],
  extras: null,
});

describe('PositionFeed', () => {
  it('keeps nothing without a listener, and only what some listener watches', () => {
    const feed = new PositionFeed();
    expect(feed.wants({ terminalId: '1', vehicleId: 5 })).toBe(false);
    const off = feed.subscribe({ wants: (t) => t.vehicleId === 5, fixes: () => {} });
    expect(feed.wants({ terminalId: '1', vehicleId: 5 })).toBe(true);
    expect(feed.wants({ terminalId: '2', vehicleId: 6 })).toBe(false);
    feed.subscribe({ fixes: () => {} }); // no filter: every terminal
    expect(feed.wants({ terminalId: '2', vehicleId: 6 })).toBe(true);
    off();
  });

  it("hands one terminal's fixes, in the live shape, to the listeners that want them, presented once", () => {
    const feed = new PositionFeed();
    const got: Record<string, LastPosition[][]> = { fences: [], bikes: [] };
    feed.subscribe({ wants: (t) => t.vehicleId === 5, fixes: (f) => got.fences.push([...f]) });
    feed.subscribe({ wants: (t) => t.terminalId === 'bike', fixes: (f) => got.bikes.push([...f]) });
    feed.publish(label('car', 5), [row(1000), row(2000)]);
    feed.publish(label('other', 7), [row(3000)]);
    feed.publish(label('car', 5), []);
    expect(got.bikes).toEqual([]);
    expect(got.fences).toHaveLength(1);
    expect(got.fences[0]).toMatchObject([
      { terminalId: 'car', vehicleId: 5, plate: '粤B1', gpsTime: 1000, speed: 36, direction: 90, valid: true },
      { terminalId: 'car', gpsTime: 2000 },
    ]);
  });

  it("hands late fixes only to the listeners that judge them (lateFixes), never to the others' fixes()", () => {
    const feed = new PositionFeed();
    const got = { forwardOnly: [] as number[], late: [] as number[], inOrder: [] as number[] };
    feed.subscribe({ fixes: (f) => got.forwardOnly.push(...f.map((p) => p.gpsTime)) });
    feed.subscribe({
      fixes: (f) => got.inOrder.push(...f.map((p) => p.gpsTime)),
      lateFixes: (f) => got.late.push(...f.map((p) => p.gpsTime)),
    });
    feed.publish(label('car', 5), [row(5000)]);
    feed.publish(label('car', 5), [row(1000), row(2000)], true);
    expect(got).toEqual({ forwardOnly: [5000], inOrder: [5000], late: [1000, 2000] });
  });
});
