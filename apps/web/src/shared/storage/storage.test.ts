import { describe, expect, it } from 'vitest';
import { createStore, FULL_LOGOUT_KEYS, PERSISTED_KEYS } from './storage.ts';

function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  };
}

describe('client storage', () => {
  it('prefixes persisted keys with the system name and an underscore', () => {
    const m = memory();
    const s = createStore(m, () => 'fleet');
    s.set('themeValue', 'green');
    expect(m.map.get('fleet_themeValue')).toBe('"green"');
    expect(s.get('themeValue', 'default')).toBe('green');
  });
  it('keeps sessionId and USER under their own names', () => {
    const m = memory();
    const s = createStore(m, () => 'fleet');
    s.setSessionId('abc');
    s.setUser({ userId: 7 });
    expect(m.map.get('sessionId')).toBe('abc');
    expect(JSON.parse(m.map.get('USER')!)).toEqual({ userId: 7 });
    s.clearSession();
    expect(m.map.size).toBe(0);
  });
  it('returns the fallback for missing or corrupt values', () => {
    const m = memory();
    m.map.set('fleet_alarmVoiceOn', '{oops');
    const s = createStore(m, () => 'fleet');
    expect(s.get('alarmVoiceOn', true)).toBe(true);
    expect(s.get('systemList', [])).toEqual([]);
  });
  it('full logout clears the spec keys and the session, and keeps the rest', () => {
    const m = memory();
    const s = createStore(m, () => 'fleet');
    for (const key of PERSISTED_KEYS) s.set(key, 1);
    s.setSessionId('abc');
    s.setUser({ userId: 1 });
    s.fullLogout();
    for (const key of FULL_LOGOUT_KEYS) expect(m.map.has(`fleet_${key}`)).toBe(false);
    expect(m.map.has('sessionId')).toBe(false);
    expect(m.map.has('USER')).toBe(false);
    expect(m.map.has('fleet_systemList')).toBe(true);
    expect(m.map.has('fleet_alarmVoiceOn')).toBe(true);
  });
});
