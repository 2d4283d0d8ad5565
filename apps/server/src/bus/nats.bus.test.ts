import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from './bus.ts';
import { createLogger } from '../log.ts';
import { connectNatsBus } from './nats.bus.ts';
import { natsSkipReason } from '../testing/nats.ts';

const url = process.env.NATS_URL;
const skipReason = await natsSkipReason('two bus instances');

/** Waits until `n` messages arrived or a second passed. */
function collect<T>(bus: Bus, subject: string, n: number) {
  const got: Array<{ subject: string; message: T }> = [];
  let done!: () => void;
  const finished = new Promise<void>((r) => (done = r));
  const unsubscribe = bus.subscribe<T>(subject, (message, s) => {
    got.push({ subject: s, message });
    if (got.length >= n) done();
  });
  return { got, unsubscribe, arrived: Promise.race([finished, new Promise((r) => setTimeout(r, 1000))]) };
}

describe.skipIf(!!skipReason)('NATS bus (two processes sharing one nats-server)', () => {
  let a: Bus;
  let b: Bus;
  const prefix = `t${Date.now()}`;
  beforeAll(async () => {
    a = await connectNatsBus(url!, createLogger('silent'));
    b = await connectNatsBus(url!, createLogger('silent'));
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers what one instance publishes to subscribers of the other, with subtree wildcards', async () => {
    const subtree = collect<{ lat: number }>(b, `${prefix}.pos.1.5.>`, 2);
    const exact = collect<{ lat: number }>(b, `${prefix}.pos.1.5.013800138000`, 1);
    await b.flush(); // the server knows the subscriptions before anything is published
    a.publish(`${prefix}.pos.1.5.013800138000`, { lat: 22.5 });
    a.publish(`${prefix}.pos.1.5.9.868120145233601`, { lat: 23.1 });
    a.publish(`${prefix}.pos.1.6.013800138009`, { lat: 1 }); // another account's subtree
    await a.flush();
    await subtree.arrived;
    await exact.arrived;
    expect(subtree.got.map((g) => g.subject)).toEqual([`${prefix}.pos.1.5.013800138000`, `${prefix}.pos.1.5.9.868120145233601`]);
    expect(subtree.got[1].message).toEqual({ lat: 23.1 });
    expect(exact.got).toHaveLength(1);
  });

  it('stops delivering after unsubscribe, and survives a throwing subscriber', async () => {
    const seen: number[] = [];
    const off = b.subscribe<{ n: number }>(`${prefix}.cmd.>`, (m) => {
      seen.push(m.n);
      throw new Error('subscriber bug');
    });
    await b.flush();
    a.publish(`${prefix}.cmd.1`, { n: 1 });
    a.publish(`${prefix}.cmd.2`, { n: 2 });
    await a.flush();
    await new Promise((r) => setTimeout(r, 200));
    off();
    await b.flush();
    a.publish(`${prefix}.cmd.3`, { n: 3 });
    await a.flush();
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([1, 2]);
  });
});
