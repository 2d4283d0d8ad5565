import type { BridgePayloads, BridgeType } from '../../shared/bridge/bridgeTypes.ts';
import { bridgeMessage, parseBridgeMessage } from '../../shared/bridge/parseBridgeMessage.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { useUiStore } from '../../shared/stores/uiStore.ts';
import { CHILD, goTop } from '../childContext.ts';

/** Sends a message to the shell; alone, the child does the same thing itself. */
export function postToShell<K extends BridgeType>(type: K, payload: BridgePayloads[K]): void {
  if (CHILD.embedded) {
    window.parent.postMessage(bridgeMessage(type, payload as never, CHILD.sys.systemId), window.location.origin);
    return;
  }
  // Running alone: the dialogs and navigation live in this page.
  if (type === 'showVehInfo') {
    const p = payload as BridgePayloads['showVehInfo'];
    useUiStore.getState().openVehicle(p.vehicleId, p.tab);
  } else if (type === 'showImage') {
    const p = payload as BridgePayloads['showImage'];
    useUiStore.getState().openImages(p.urls, p.index);
  } else if (type === 'goPage') goTop((payload as BridgePayloads['goPage']).path);
}

/** The child's end of the bridge; `navigate` moves the child's own router. Returns the cleanup. */
export function installChildBridge(navigate: (path: string, replace: boolean) => void): () => void {
  if (!CHILD.embedded) return () => undefined;
  const onMessage = (event: MessageEvent) => {
    if (event.source !== window.parent) return;
    const message = parseBridgeMessage(event.data, event.origin, window.location.origin);
    if (!message) return;
    switch (message.type) {
      case 'goPage':
        navigate(message.payload.path, message.payload.replace ?? false);
        break;
      case 'changeResourceData':
        // buttons, menu and the navigation are rebuilt from the new tree
        usePermissionStore.getState().setResources(message.payload.resources);
        break;
      case 'getResourceData':
        postToShell('changeResourceData', { resources: usePermissionStore.getState().resources });
        break;
      case 'changeClient':
        useClientStore.getState().update({ navUserClient: message.payload.client });
        break;
      default:
        break;
    }
  };
  window.addEventListener('message', onMessage);
  return () => window.removeEventListener('message', onMessage);
}

/**
 * Resource data: inside the shell, ask it (getResourceData) and fall back to fetching after a
 * short wait; alone, fetch. A 4010 on the fetch sends the user to /login.
 */
export async function loadChildResources(waitMs = 2500): Promise<void> {
  const store = usePermissionStore;
  if (CHILD.embedded) {
    postToShell('getResourceData', {});
    const answered = await new Promise<boolean>((resolve) => {
      if (store.getState().loaded) return resolve(true);
      const timer = window.setTimeout(() => (unsubscribe(), resolve(store.getState().loaded)), waitMs);
      const unsubscribe = store.subscribe((s) => {
        if (s.loaded) {
          window.clearTimeout(timer);
          unsubscribe();
          resolve(true);
        }
      });
    });
    if (answered && store.getState().resources.length > 0) return;
  }
  await store.getState().loadResources();
}
