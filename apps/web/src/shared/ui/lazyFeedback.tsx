import { Suspense, lazy, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';

export interface FeedbackApis {
  modal: ModalApi;
  notification: NotificationInstance;
}

const FeedbackHolders = lazy(() => import('./FeedbackHolders.tsx'));

/** Runs `apply` with the APIs, fetching them first if needed (`ifStarted`: only if fetched or on their way). */
type Run = (apply: (apis: FeedbackApis) => void, ifStarted?: boolean) => void;
type ModalHandle = ReturnType<ModalApi['confirm']>;

/**
 * antd App's modal and notification APIs with the same shape, whose components are fetched the
 * first time one is used. A login page never opens either, and with them (dialogs, skeletons,
 * notices, and antd's form code that dialogs import) its first load would be a tenth larger.
 * A call made before they arrive runs as soon as they have; a dialog's handle works at once.
 */
export function useLazyFeedback(): FeedbackApis & { holders: ReactNode } {
  const [wanted, setWanted] = useState(false);
  const ready = useRef<FeedbackApis | null>(null);
  const waiting = useRef<Array<(apis: FeedbackApis) => void>>([]);

  const run = useCallback<Run>((apply, ifStarted) => {
    if (ready.current) apply(ready.current);
    else if (!ifStarted || waiting.current.length > 0) {
      waiting.current.push(apply);
      setWanted(true);
    }
  }, []);

  const onReady = useCallback((apis: FeedbackApis) => {
    ready.current = apis;
    for (const apply of waiting.current.splice(0)) apply(apis);
  }, []);

  const modal = useMemo(() => modalProxy(run), [run]);
  const notification = useMemo(() => notificationProxy(run), [run]);
  const holders = wanted ? (
    <Suspense fallback={null}>
      <FeedbackHolders onReady={onReady} />
    </Suspense>
  ) : null;
  return { modal, notification, holders };
}

function modalProxy(run: Run): ModalApi {
  const open =
    (kind: keyof ModalApi) =>
    (...args: Parameters<ModalApi['confirm']>): ModalHandle => {
      let handle: ReturnType<ModalApi['confirm']> | null = null;
      const later: Array<(h: ModalHandle) => void> = [];
      let closed!: (confirmed: boolean) => void;
      const result = new Promise<boolean>((resolve) => (closed = resolve));
      run(({ modal }) => {
        handle = modal[kind](...args);
        handle.then(closed, () => undefined);
        for (const apply of later.splice(0)) apply(handle);
      });
      const withHandle = (apply: (h: ModalHandle) => void) => (handle ? apply(handle) : later.push(apply));
      return {
        destroy: () => withHandle((h) => h.destroy()),
        update: (config) => withHandle((h) => h.update(config)),
        // the closing never fails, so there is nothing to reject
        then: (resolve) => result.then(resolve),
      };
    };
  return { info: open('info'), success: open('success'), error: open('error'), warning: open('warning'), confirm: open('confirm') };
}

function notificationProxy(run: Run): NotificationInstance {
  const call =
    (kind: Exclude<keyof NotificationInstance, 'destroy'>): NotificationInstance[typeof kind] =>
    (config) =>
      run(({ notification }) => notification[kind](config));
  return {
    success: call('success'),
    error: call('error'),
    info: call('info'),
    warning: call('warning'),
    open: call('open'),
    // nothing to close before the first notice
    destroy: (key) => run(({ notification }) => notification.destroy(key), true),
  };
}
