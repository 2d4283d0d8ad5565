import { useCallback, useEffect, useState } from 'react';
import type { AnswerOf, EndpointSpec, InputOf } from '@chelian/contracts';
import { call, type CallArgs } from '../request/call.ts';
import { mayCall } from '../permission/mayCall.ts';
import { usePermissionStore } from '../stores/permissionStore.ts';
import { readsAny } from './homeItems.ts';

/** How often a home page reads its figures again while it stays open. */
export const HOME_REFRESH_MS = 60_000;

/** The home page's refresh: a tick its sources follow (the 刷新 button, and every HOME_REFRESH_MS), and when it last ticked. */
export function useHomeRefresh() {
  const [state, setState] = useState(() => ({ tick: 0, at: Date.now() }));
  const refresh = useCallback(() => setState((s) => ({ tick: s.tick + 1, at: Date.now() })), []);
  useEffect(() => {
    const timer = window.setInterval(refresh, HOME_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refresh]);
  return { tick: state.tick, updatedAt: state.at, refresh };
}
export type HomeRefresh = ReturnType<typeof useHomeRefresh>;

/**
 * One source of home figures: the endpoint of the page the figures stand for, asked with that
 * page's filters, only when the role may call it and holds one of the menus its figures open
 * (so a restricted role makes no call it would be refused). undefined while loading (or not
 * asked), null when it failed; a refresh keeps the figures shown until the new answer comes.
 */
export function useHomeSource<E extends EndpointSpec>(
  endpoint: E,
  input: Partial<InputOf<E>> | undefined,
  menus: readonly string[],
  tick: number,
): AnswerOf<E> | null | undefined {
  const allowed = usePermissionStore((s) => mayCall(s.sets, endpoint) && readsAny(s.sets, menus));
  const [data, setData] = useState<AnswerOf<E> | null | undefined>(undefined);
  const key = JSON.stringify(input ?? {});
  useEffect(() => {
    if (!allowed) return;
    let live = true;
    const args = [JSON.parse(key), { silent: true }] as unknown as CallArgs<E>;
    (call(endpoint, ...args) as Promise<AnswerOf<E>>).then(
      (answer) => live && setData(answer),
      () => live && setData((d) => (d === undefined ? null : d)),
    );
    return () => {
      live = false;
    };
  }, [endpoint, key, allowed, tick]);
  return data;
}
