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

it('refuses a NATS_PREFIX that is not a subject token, in Chinese, before connecting', async () => {
  for (const bad of ['', 'a b', 'pos.>', 'x.*', 'a..b', '.a']) {
    await expect(connectNatsBus('nats://127.0.0.1:1', createLogger('silent'), bad)).rejects.toThrow(/^NATS_PREFIX 无效/);
  }
});

describe.skipIf(!!skipReason)('NATS bus (two processes sharing one nats-server)', () => {
  let a: Bus;
  let b: Bus;
  // A deployment of its own on the shared nats-server: other runs of this suite are other deployments.
  const prefix = `t${Date.now()}.chelian`;
  beforeAll(async () => {
    a = await connectNatsBus(url!, createLogger('silent'), prefix);
    b = await connectNatsBus(url!, createLogger('silent'), prefix);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('delivers what one instance publishes to subscribers of the other, with subtree wildcards', async () => {
    const subtree = collect<{ lat: number }>(b, 'pos.1.5.>', 2);
    const exact = collect<{ lat: number }>(b, 'pos.1.5.013800138000', 1);
    await b.flush(); // the server knows the subscriptions before anything is published
    a.publish('pos.1.5.013800138000', { lat: 22.5 });
    a.publish('pos.1.5.9.868120145233601', { lat: 23.1 });
    a.publish('pos.1.6.013800138009', { lat: 1 }); // another account's subtree
    await a.flush();
    await subtree.arrived;
    await exact.arrived;
    // Subscribers see the subject without the deployment prefix, as on the in-process bus.
    expect(subtree.got.map((g) => g.subject)).toEqual(['pos.1.5.013800138000', 'pos.1.5.9.868120145233601']);
    expect(subtree.got[1].message).toEqual({ lat: 23.1 });
    expect(exact.got).toHaveLength(1);
  });

  it('keeps deployments with different NATS_PREFIX apart on one nats-server', async () => {
    const other = await connectNatsBus(url!, createLogger('silent'), `${prefix}-other`);
    const inA = collect<{ from: string }>(a, 'cmd.>', 1);
    try {
      const inOther = collect<{ from: string }>(other, 'cmd.>', 1);
      await a.flush();
      await other.flush();
      a.publish('cmd.013800138000', { from: 'a' });
      other.publish('cmd.013800138000', { from: 'other' });
      await a.flush();
      await other.flush();
      await Promise.all([inA.arrived, inOther.arrived]);
      await new Promise((r) => setTimeout(r, 200)); // time for a stray cross-delivery to show up
      expect(inA.got).toEqual([{ subject: 'cmd.013800138000', message: { from: 'a' } }]);
      expect(inOther.got).toEqual([{ subject: 'cmd.013800138000', message: { from: 'other' } }]);
    } finally {
      inA.unsubscribe();
      await other.close();
    }
  });

  it('stops delivering after unsubscribe, and survives a throwing subscriber', async () => {
    const seen: number[] = [];
    const off = b.subscribe<{ n: number }>('cmd.>', (m) => {
      seen.push(m.n);
      throw new Error('subscriber bug');
    });
    await b.flush();
    a.publish('cmd.1', { n: 1 });
    a.publish('cmd.2', { n: 2 });
    await a.flush();
    await new Promise((r) => setTimeout(r, 200));
    off();
    await b.flush();
    a.publish('cmd.3', { n: 3 });
    await a.flush();
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([1, 2]);
  });
});
