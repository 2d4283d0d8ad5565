import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Bus } from './bus.ts';
import { createLogger } from '../log.ts';
import { connectNatsBus } from './nats.bus.ts';
import { natsSkipReason } from '../testing/nats.ts';

const url = process.env.NATS_URL;
const skipReason = await natsSkipReason('live positions published only where watched');

/** Each bus's flush is a round trip to the server: what one published is then in the other's hands. */
const settle = async (...buses: Bus[]) => {
  for (const bus of buses) await bus.flush();
  for (const bus of buses) await bus.flush();
};

describe.skipIf(!!skipReason)('NATS bus: live positions go out only where some process watches them', () => {
  let gateway: Bus;
  let api: Bus;
  const prefix = `t${Date.now()}i.chelian`;
  beforeAll(async () => {
    // No open window after connecting: the test waits for the announcements themselves.
    gateway = await connectNatsBus(url!, createLogger('silent'), prefix, { openAfterConnectMs: 0 });
    api = await connectNatsBus(url!, createLogger('silent'), prefix, { openAfterConnectMs: 0 });
  });
  afterAll(async () => {
    await gateway?.close();
    await api?.close();
  });

  it('follows what the other process subscribes, by account subtree, and lets go when it unsubscribes', async () => {
    await settle(gateway, api);
    expect(gateway.interested!('pos.1.5.013800138000')).toBe(false);
    // Alarms, presence and commands always go out.
    expect(gateway.interested!('alarm.1.5.013800138000')).toBe(true);
    expect(gateway.interested!('cmd.013800138000')).toBe(true);

    const subtree = api.subscribe('pos.1.5.>', () => {});
    const twice = api.subscribe('pos.1.5.>', () => {});
    await settle(api, gateway);
    expect(gateway.interested!('pos.1.5.013800138000')).toBe(true);
    expect(gateway.interested!('pos.1.5.9.868120145233601')).toBe(true);
    expect(gateway.interested!('pos.1.6.013800138009')).toBe(false);

    subtree();
    await settle(api, gateway);
    expect(gateway.interested!('pos.1.5.013800138000')).toBe(true); // the second feed still shows it
    twice();
    await settle(api, gateway);
    expect(gateway.interested!('pos.1.5.013800138000')).toBe(false);
  });

  it('a process that connects later hears what the others already watch, and a closed one stops counting', async () => {
    const off = api.subscribe('pos.>', () => {});
    await settle(api, gateway);
    const late = await connectNatsBus(url!, createLogger('silent'), prefix, { openAfterConnectMs: 0 });
    try {
      await settle(late, api, late);
      expect(late.interested!('pos.7.013800138001')).toBe(true);
      const watcher = await connectNatsBus(url!, createLogger('silent'), prefix, { openAfterConnectMs: 0 });
      watcher.subscribe('pos.9.>', () => {});
      await settle(watcher, late);
      off();
      await settle(api, late);
      expect(late.interested!('pos.9.013800138002')).toBe(true);
      expect(late.interested!('pos.7.013800138001')).toBe(false);
      await watcher.close();
      await settle(late);
      expect(late.interested!('pos.9.013800138002')).toBe(false);
    } finally {
      await late.close();
    }
  });

  it('publishes everything while it asks, right after connecting', async () => {
    const fresh = await connectNatsBus(url!, createLogger('silent'), prefix, { openAfterConnectMs: 60_000 });
    try {
      expect(fresh.interested!('pos.1.5.013800138000')).toBe(true);
    } finally {
      await fresh.close();
    }
  });
});
