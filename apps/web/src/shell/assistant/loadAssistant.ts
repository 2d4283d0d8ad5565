import type { RuntimeConfig } from '@chelian/contracts';
import { T } from '../../shared/i18n/messages.ts';
import type { ChatAction } from './chatActions.ts';

/** Spec §9: the chat window sits 30 px from the right and is ready 500 ms after its script loads. */
export const ASSISTANT_RIGHT_PX = 30;
export const ASSISTANT_READY_DELAY_MS = 500;
export const ASSISTANT_SCRIPT_ID = 'chelian-assistant-script';

/** What the assistant script (served from aiScriptUrl) exposes on window. */
export interface AssistantOptions {
  baseUrl: string;
  name: string;
  right: number;
  sessionId: string;
  userId: number;
  logo: string;
  questions: readonly string[];
  onAction(action: ChatAction): void;
}
export interface AssistantApi {
  init(options: AssistantOptions): void;
  destroy?(): void;
}

declare global {
  interface Window {
    ChelianAssistant?: AssistantApi;
  }
}

/** Longest wait for an idle moment before the script is asked for anyway. */
export const ASSISTANT_IDLE_TIMEOUT_MS = 3000;

/** Runs `fn` when the browser is next idle (at the latest after the timeout); returns the cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(fn, { timeout: ASSISTANT_IDLE_TIMEOUT_MS });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(fn, 200);
  return () => window.clearTimeout(handle);
}

/** Loads the script once the page is idle, waits the ready delay, then starts the widget. Returns the cleanup. */
export function loadAssistant(
  config: RuntimeConfig,
  context: Omit<AssistantOptions, 'baseUrl' | 'name' | 'right' | 'questions'>,
  onReady: () => void,
): () => void {
  let cancelled = false;
  let timer: number | undefined;
  const start = () => {
    timer = window.setTimeout(() => {
      if (cancelled) return;
      window.ChelianAssistant?.init({
        ...context,
        baseUrl: config.aiBaseUrl,
        name: T.assistant.name,
        right: ASSISTANT_RIGHT_PX,
        questions: T.assistant.questions,
      });
      document.documentElement.dataset.assistant = 'ready';
      onReady();
    }, ASSISTANT_READY_DELAY_MS);
  };
  const insert = () => {
    if (cancelled) return;
    let script = document.getElementById(ASSISTANT_SCRIPT_ID) as HTMLScriptElement | null;
    if (script && window.ChelianAssistant) start();
    else {
      script ??= Object.assign(document.createElement('script'), { id: ASSISTANT_SCRIPT_ID, src: config.aiScriptUrl, async: true });
      script.addEventListener('load', start, { once: true });
      script.addEventListener('error', () => console.warn(T.assistant.loadFailed), { once: true });
      if (!script.isConnected) document.body.appendChild(script);
    }
  };
  // The page under it comes first: the script is asked for once the browser is idle.
  const idle = whenIdle(insert);
  return () => {
    cancelled = true;
    idle();
    window.clearTimeout(timer);
    window.ChelianAssistant?.destroy?.();
    delete document.documentElement.dataset.assistant;
  };
}
