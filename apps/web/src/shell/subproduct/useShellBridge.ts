import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { SUB_SYSTEMS } from '@chelian/contracts';
import { parseBridgeMessage } from '../../shared/bridge/parseBridgeMessage.ts';
import { usePermissionStore } from '../../shared/stores/permissionStore.ts';
import { useUiStore } from '../../shared/stores/uiStore.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { showExpiryDialogOnce } from '../../shared/request/effects.ts';
import { broadcastToChildren, childSystemOf, postToChild, setReportedPath } from './childFrames.ts';

/** The shell's end of the message bridge (spec §4): one listener for every sub-product frame. */
export function useShellBridge(): void {
  const navigate = useNavigate();

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const message = parseBridgeMessage(event.data, event.origin, window.location.origin);
      if (!message) return;
      const system = childSystemOf(event.source);
      if (!system) return;
      switch (message.type) {
        case 'goPage':
          void navigate(message.payload.path, { replace: message.payload.replace });
          break;
        case 'updateMenu': {
          const sys = SUB_SYSTEMS.find((s) => s.systemId === system);
          if (!sys) break;
          setReportedPath(system, message.payload.path);
          const target = `${sys.path.slice(0, -1)}${message.payload.path}`;
          const here = window.location.pathname + window.location.search;
          if (target !== here && window.location.pathname.startsWith(sys.path.slice(0, -1))) void navigate(target, { replace: true });
          useUiStore.getState().set({ subTitle: message.payload.title });
          break;
        }
        case 'showDownList':
          useUiStore.getState().set({ downList: message.payload.show });
          break;
        case 'showVehInfo':
          useUiStore.getState().openVehicle(message.payload.vehicleId, message.payload.tab);
          break;
        case 'showImage':
          useUiStore.getState().openImages(message.payload.urls, message.payload.index);
          break;
        case 'getResourceData':
          postToChild(system, 'changeResourceData', { resources: usePermissionStore.getState().resources });
          break;
        case 'changeResourceData':
          usePermissionStore.getState().setResources(message.payload.resources);
          break;
        case 'changeClient':
          useClientStore.getState().update({ navUserClient: message.payload.client });
          break;
        case 'sessionExpired':
          showExpiryDialogOnce();
          break;
      }
    };
    window.addEventListener('message', onMessage);
    // The shell's resource data changed (login, refetch): every frame rebuilds its buttons and menu.
    const unsubscribe = usePermissionStore.subscribe((state, prev) => {
      if (state.resources !== prev.resources) broadcastToChildren('changeResourceData', { resources: state.resources });
    });
    return () => {
      window.removeEventListener('message', onMessage);
      unsubscribe();
    };
  }, [navigate]);
}
