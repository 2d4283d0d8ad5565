import { describe, expect, it } from 'vitest';
import { accountEndpoints, DEFAULT_PLATFORM_ID, monitorEndpoints } from '@chelian/contracts';
import { bootSource } from '../../../build/mobileChunks.ts';
import { BOOT_ANSWERS, BOOT_FLEET_CALL, BOOT_PLATFORM_ID, BOOT_SESSION_CALLS } from './bootCalls.ts';
import { FLEET_PATH, FLEET_QUERY } from './earlyCalls.ts';

/** Runs the boot script against a stored session at `path`: the files it preloads, the calls it makes. */
function boot(path: string, stored: Record<string, string>, config?: { baseUrl: string }) {
  const links: string[] = [];
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const window: Record<string, unknown> = { __CHELIAN_CONFIG__: config };
  const env = {
    window,
    localStorage: { getItem: (key: string) => stored[key] ?? null },
    location: { pathname: path },
    document: {
      createElement: () => ({}),
      head: { appendChild: (l: { href: string }) => links.push(l.href) },
    },
    fetch: (url: string, init: { headers: Record<string, string> }) => {
      calls.push({ url, headers: init.headers });
      return Promise.resolve({ status: 200, headers: { get: () => 'application/json' }, text: () => Promise.resolve('{}') });
    },
  };
  new Function(...Object.keys(env), bootSource(['assets/a.js', 'assets/a.css']))(...Object.values(env));
  return { links, calls, answers: window[BOOT_ANSWERS] as { session: string; calls: Record<string, unknown> } | undefined };
}

describe('掌上车联 boot script', () => {
  it("asks exactly what the session's and 车队's own calls ask", () => {
    expect(BOOT_SESSION_CALLS).toEqual([
      accountEndpoints.currentUser.path,
      `${accountEndpoints.resourceTree.path}?version=v4&from=carWeb4`,
      accountEndpoints.platforms.path,
    ]);
    for (const e of [
      accountEndpoints.currentUser,
      accountEndpoints.resourceTree,
      accountEndpoints.platforms,
      monitorEndpoints.lastPositions,
    ])
      expect(e.method).toBe('GET');
    expect(BOOT_FLEET_CALL).toBe(`${FLEET_PATH}?${new URLSearchParams({ limit: String(FLEET_QUERY.limit) })}`);
    expect(BOOT_PLATFORM_ID).toBe(DEFAULT_PLATFORM_ID);
  });

  it('with a stored session: preloads the code and asks with its headers; 车队 when the app opens on it', () => {
    const stored = { sessionId: 's-1', USER: JSON.stringify({ userId: 7 }), chelian_m_landing: '/fleet' };
    const start = boot('/m/', stored);
    expect(start.links).toEqual(['/assets/a.js', '/assets/a.css']);
    expect(start.calls.map((c) => c.url)).toEqual([...BOOT_SESSION_CALLS, BOOT_FLEET_CALL]);
    expect(start.calls[0].headers).toEqual({ sessionId: 's-1', platformId: String(DEFAULT_PLATFORM_ID), userId: '7' });
    expect(start.answers?.session).toBe('s-1');
    expect(Object.keys(start.answers?.calls ?? {})).toEqual([...BOOT_SESSION_CALLS, BOOT_FLEET_CALL]);
    expect(boot('/m/fleet', { sessionId: 's-1' }).calls).toHaveLength(4);
    expect(boot('/m/alarms', stored).calls.map((c) => c.url)).toEqual(BOOT_SESSION_CALLS);
    // the API elsewhere (runtime-config's baseUrl)
    expect(boot('/m/pet', stored, { baseUrl: 'https://api.example.cn/' }).calls[0].url).toBe(
      `https://api.example.cn${BOOT_SESSION_CALLS[0]}`,
    );
  });

  it('asks for nothing without a session or on the login page', () => {
    expect(boot('/m/', {})).toEqual({ links: [], calls: [], answers: undefined });
    expect(boot('/m/login', { sessionId: 's-1' })).toEqual({ links: [], calls: [], answers: undefined });
  });
});
