import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { assistantConfigured, runtimeConfig } from '../../shared/config/runtimeConfig.ts';
import { useClientStore } from '../../shared/stores/clientStore.ts';
import { useUiStore } from '../../shared/stores/uiStore.ts';
import { T } from '../../shared/i18n/messages.ts';
import { loadAssistant } from './loadAssistant.ts';
import { resolveChatAction, type ChatAction } from './chatActions.ts';

/** Loads the AI assistant for a logged-in user, only when both AI addresses are configured. */
export function AssistantLoader() {
  const navigate = useNavigate();
  const user = useClientStore((s) => s.queryUserInfo);
  const sessionId = useClientStore((s) => s.sessionId);

  useEffect(() => {
    const config = runtimeConfig();
    if (!user || !assistantConfigured(config)) return;
    const onAction = (action: ChatAction) => {
      const effect = resolveChatAction(action);
      if (effect.kind === 'newTab') window.open(effect.url, '_blank');
      else if (effect.kind === 'vehicle') useUiStore.getState().openVehicle(effect.vehicleId, effect.tab);
      else if (effect.kind === 'navigate') void navigate(effect.path);
      else console.info(T.assistant.unknownAction, effect.type);
    };
    const cleanup = loadAssistant(config, { sessionId, userId: user.userId, logo: user.chatLogo, onAction }, () =>
      useUiStore.getState().set({ assistantReady: true }),
    );
    return () => {
      cleanup();
      useUiStore.getState().set({ assistantReady: false });
    };
  }, [user, sessionId, navigate]);

  return null;
}
