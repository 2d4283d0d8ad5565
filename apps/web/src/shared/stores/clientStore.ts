import { create } from 'zustand';
import type { DictionaryItem, ResourceNode, SubSystem, ThemeName, UserInfo } from '@chelian/contracts';
import { PERSISTED_KEYS, SESSION_ID_KEY, SESSION_USER_KEY, storage, type PersistedKey } from '../storage/storage.ts';
import type { NavUserClient } from '../bridge/bridgeTypes.ts';

/** USER of spec §3, under its own storage name. */
export interface SessionUser {
  userId: number;
  username: string;
  name: string;
}
export interface QueryUserInfo {
  userId: number;
  name: string;
  chatLogo: string;
}
export interface CurrentSystem {
  systemId: string;
  path: string;
  title: string;
}
export interface AlarmRealTime {
  total: number;
  checkedAt: number;
}
export interface VisitedPage {
  path: string;
  title: string;
  at: number;
}

export interface PersistedState {
  queryUserInfo: QueryUserInfo | null;
  themeValue: ThemeName;
  navUserClient: NavUserClient | null;
  systemList: SubSystem[];
  dictionary: Record<string, DictionaryItem[]>;
  alarmRealTime: AlarmRealTime;
  alarmVoiceOn: boolean;
  navMenuList: ResourceNode[];
  currentSystem: CurrentSystem | null;
  systemId: string;
  user: UserInfo | null;
  history: VisitedPage[];
}

export const PERSISTED_DEFAULTS: PersistedState = {
  queryUserInfo: null,
  themeValue: 'default',
  navUserClient: null,
  systemList: [],
  dictionary: {},
  alarmRealTime: { total: 0, checkedAt: 0 },
  alarmVoiceOn: true,
  navMenuList: [],
  currentSystem: null,
  systemId: '',
  user: null,
  history: [],
};

export interface ClientState extends PersistedState {
  sessionId: string;
  USER: SessionUser | null;
  update(patch: Partial<PersistedState>): void;
  setSession(sessionId: string): void;
  setUser(user: UserInfo): void;
  clearSession(): void;
  fullLogout(): void;
  visit(page: { path: string; title: string }): void;
}

const HISTORY_LIMIT = 8;

function hydrate(): PersistedState {
  const out = { ...PERSISTED_DEFAULTS } as Record<PersistedKey, unknown>;
  for (const key of PERSISTED_KEYS) out[key] = storage.get(key, PERSISTED_DEFAULTS[key]);
  return out as unknown as PersistedState;
}

export const useClientStore = create<ClientState>()((set, get) => ({
  ...hydrate(),
  sessionId: storage.getSessionId(),
  USER: storage.getUser<SessionUser>(),
  update: (patch) => set(patch),
  setSession: (sessionId) => {
    storage.setSessionId(sessionId);
    set({ sessionId });
  },
  setUser: (user) => {
    const USER: SessionUser = { userId: user.userId, username: user.username, name: user.name };
    storage.setUser(USER);
    // Another user on this browser: their own customer and theme, not the previous user's.
    const sameUser = get().user?.userId === user.userId;
    const client = get().navUserClient;
    set({
      USER,
      user,
      queryUserInfo: { userId: user.userId, name: user.name, chatLogo: user.chatLogo },
      navUserClient: sameUser && client ? client : { userId: user.userId, accountId: user.accountId, accountName: user.accountName },
      themeValue: sameUser ? get().themeValue : user.theme || 'default',
    });
  },
  clearSession: () => {
    storage.clearSession();
    set({ sessionId: '', USER: null });
  },
  fullLogout: () => {
    storage.fullLogout();
    set({
      sessionId: '',
      USER: null,
      user: null,
      navUserClient: null,
      alarmRealTime: PERSISTED_DEFAULTS.alarmRealTime,
      themeValue: PERSISTED_DEFAULTS.themeValue,
      dictionary: {},
      history: [],
    });
  },
  visit: (page) => {
    const rest = get().history.filter((h) => h.path !== page.path);
    set({ history: [{ ...page, at: Date.now() }, ...rest].slice(0, HISTORY_LIMIT) });
  },
}));

// Write each persisted key on change, under its prefixed name; a default value is not stored
// (so a full logout leaves the cleared keys absent, not set to their defaults).
useClientStore.subscribe((state, prev) => {
  for (const key of PERSISTED_KEYS) {
    if (state[key] === prev[key]) continue;
    if (JSON.stringify(state[key]) === JSON.stringify(PERSISTED_DEFAULTS[key])) storage.remove(key);
    else storage.set(key, state[key]);
  }
});

// Another tab or frame of the same origin changed the storage: follow it (theme, session, user…).
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.storageArea !== window.localStorage || event.key === null) return;
    if (event.key === SESSION_ID_KEY) {
      useClientStore.setState({ sessionId: storage.getSessionId() });
      return;
    }
    if (event.key === SESSION_USER_KEY) {
      useClientStore.setState({ USER: storage.getUser<SessionUser>() });
      return;
    }
    const key = PERSISTED_KEYS.find((k) => storage.key(k) === event.key);
    if (!key) return;
    const value = storage.get(key, PERSISTED_DEFAULTS[key]);
    if (JSON.stringify(value) !== JSON.stringify(useClientStore.getState()[key])) {
      useClientStore.setState({ [key]: value } as Partial<ClientState>);
    }
  });
}

/** Spec §4: not logged in means the user record is empty (the pathname rule is the caller's). */
export function isLoggedIn(state: Pick<ClientState, 'sessionId' | 'user'>): boolean {
  return Boolean(state.sessionId) && state.user !== null;
}
