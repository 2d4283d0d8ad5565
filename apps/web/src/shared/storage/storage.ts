import { runtimeConfig } from '../config/runtimeConfig.ts';

/** Keys of the persisted client state (spec §3/§9), stored as `{system name}_{key}`. */
export const PERSISTED_KEYS = [
  'queryUserInfo',
  'themeValue',
  'navUserClient',
  'systemList',
  'dictionary',
  'alarmRealTime',
  'alarmVoiceOn',
  'navMenuList',
  'currentSystem',
  'systemId',
  'user',
  'history',
] as const;
export type PersistedKey = (typeof PERSISTED_KEYS)[number];

/** Session items live under their own names, without the prefix (spec §3). */
export const SESSION_ID_KEY = 'sessionId';
export const SESSION_USER_KEY = 'USER';

/** What a full logout clears (spec §4), besides the session itself. */
export const FULL_LOGOUT_KEYS: readonly PersistedKey[] = ['user', 'navUserClient', 'alarmRealTime', 'themeValue', 'dictionary', 'history'];

export function prefixedKey(systemName: string, key: string): string {
  return `${systemName}_${key}`;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** A JSON store over localStorage (or any Storage-like object, for tests). */
export function createStore(backend: KeyValueStore | undefined, prefix: () => string) {
  const full = (key: string) => prefixedKey(prefix(), key);
  const read = <T>(rawKey: string, fallback: T): T => {
    const text = backend?.getItem(rawKey);
    if (text == null) return fallback;
    try {
      return JSON.parse(text) as T;
    } catch {
      return fallback;
    }
  };
  const write = (rawKey: string, value: unknown) => {
    if (value === undefined) backend?.removeItem(rawKey);
    else backend?.setItem(rawKey, JSON.stringify(value));
  };
  return {
    key: full,
    get: <T>(key: PersistedKey, fallback: T): T => read(full(key), fallback),
    set: (key: PersistedKey, value: unknown) => write(full(key), value),
    remove: (key: PersistedKey) => backend?.removeItem(full(key)),
    /** sessionId is a bare string (other apps of the platform read it as such). */
    getSessionId: (): string => backend?.getItem(SESSION_ID_KEY) ?? '',
    setSessionId: (id: string) => (id ? backend?.setItem(SESSION_ID_KEY, id) : backend?.removeItem(SESSION_ID_KEY)),
    getUser: <T>(): T | null => read<T | null>(SESSION_USER_KEY, null),
    setUser: (user: unknown) => write(SESSION_USER_KEY, user ?? undefined),
    clearSession: () => {
      backend?.removeItem(SESSION_ID_KEY);
      backend?.removeItem(SESSION_USER_KEY);
    },
    fullLogout: () => {
      backend?.removeItem(SESSION_ID_KEY);
      backend?.removeItem(SESSION_USER_KEY);
      for (const key of FULL_LOGOUT_KEYS) backend?.removeItem(full(key));
    },
  };
}

export type ClientStorage = ReturnType<typeof createStore>;

export const storage: ClientStorage = createStore(
  typeof window === 'undefined' ? undefined : window.localStorage,
  () => runtimeConfig().systemName,
);
