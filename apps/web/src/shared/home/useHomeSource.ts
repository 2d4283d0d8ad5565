import { useCallback, useEffect, useState } from 'react';
import type { AnswerOf, EndpointSpec, InputOf } from '@chelian/contracts';
import { call, type CallArgs } from '../request/call.ts';
import { useLoaded } from '../list/useLoaded.ts';
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
  // The tick is part of what is asked, so a refresh asks again (with new filters, once), but it is not sent.
  const load = useCallback(
    (asked: { input: Partial<InputOf<E>>; tick: number }, quiet: boolean) =>
      call(endpoint, ...([asked.input, { silent: quiet }] as unknown as CallArgs<E>)) as Promise<AnswerOf<E>>,
    [endpoint],
  );
  // Silent: a figure that cannot be read shows as unknown on the home, never as a toast.
  const source = useLoaded(load, { input: input ?? {}, tick }, { silent: true, enabled: allowed });
  // A failure keeps the figures shown (the loader keeps its last answer beside the failure).
  return source.data ?? (source.error === null ? undefined : null);
}
