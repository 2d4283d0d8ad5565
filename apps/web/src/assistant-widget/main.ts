/**
 * AI智能助手's script (built on its own as /ai/assistant.js, no React: apps/web/build/assistantWidget.ts).
 * The shell loads it when aiBaseUrl and aiScriptUrl are configured and calls
 * window.ChelianAssistant.init({ baseUrl, name, right, sessionId, userId, logo, questions, onAction }).
 */
import { AssistantWidget, HOST_ID } from './widget.ts';

let current: AssistantWidget | null = null;

window.ChelianAssistant = {
  init(options) {
    current?.host.remove();
    current = new AssistantWidget(options);
    document.body.appendChild(current.host);
  },
  destroy() {
    current?.host.remove();
    document.getElementById(HOST_ID)?.remove();
    current = null;
  },
};
