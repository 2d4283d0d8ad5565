import { assistantConfigured } from '../../shared/config/runtimeConfig.ts';

/**
 * The AI智能助手 launcher's place at the header's right end (30 px from the window's edge, as spec §9
 * says): while one is drawn, shell.css docks the launcher and its panel there, above the page, so it
 * never sits over a list's row actions or pagination. None without the assistant.
 */
export function AssistantSlot() {
  return assistantConfigured() ? <span className="cl-assistant-slot" aria-hidden="true" /> : null;
}
