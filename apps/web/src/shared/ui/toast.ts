import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalHookAPI } from 'antd/es/modal/useModal';

/**
 * One toast at a time (spec §8): every new toast closes the previous one. The antd App of each
 * page registers its context-aware message and modal APIs here.
 */
let messageApi: MessageInstance | null = null;
let modalApi: ModalHookAPI | null = null;

export function registerFeedback(message: MessageInstance, modal: ModalHookAPI): void {
  messageApi = message;
  modalApi = modal;
}

function show(kind: 'error' | 'success' | 'info' | 'warning', text: string): void {
  if (!messageApi) {
    console[kind === 'error' ? 'error' : 'log'](text);
    return;
  }
  messageApi.destroy();
  void messageApi.open({ type: kind, content: text, key: 'chelian-toast' });
}

export const toast = {
  error: (text: string) => show('error', text),
  success: (text: string) => show('success', text),
  info: (text: string) => show('info', text),
  warning: (text: string) => show('warning', text),
};

export function modal(): ModalHookAPI | null {
  return modalApi;
}
