import type { AssistantAction, AssistantMessage } from '@chelian/contracts';
import { assistantApi, AssistantApiError, type AssistantContext } from './api.ts';
import { CSS } from './styles.ts';
import { W } from './texts.ts';

/** What the shell passes to init (apps/web/src/shell/assistant/loadAssistant.ts). */
export interface WidgetOptions extends AssistantContext {
  name: string;
  right: number;
  logo: string;
  questions: readonly string[];
  onAction(action: { type: string; vehicleId?: number }): void;
}

export const HOST_ID = 'chelian-assistant';
const PANEL_ID = 'cla-panel';
const TITLE_ID = 'cla-title';
// A chat bubble as the default logo when the user has no chatLogo.
const DEFAULT_LOGO = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="#fff"/><path d="M8 10h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-9l-5 4v-4H8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z" fill="#1677ff"/><circle cx="12" cy="16" r="1.6" fill="#fff"/><circle cx="16" cy="16" r="1.6" fill="#fff"/><circle cx="20" cy="16" r="1.6" fill="#fff"/></svg>',
)}`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/**
 * AI智能助手: a launcher 30 px (options.right) from the right and a chat panel, in a shadow root.
 * Nothing is fetched until the panel is first opened. Texts are set as text, never as HTML.
 * Keyboard: the launcher is a button; the panel takes focus in its input; Enter sends (not while
 * an input method is composing), Esc closes and gives focus back to the launcher.
 */
export class AssistantWidget {
  readonly host = el('div', { id: HOST_ID });
  private readonly launcher = el('button', {
    type: 'button',
    class: 'launcher',
    'aria-haspopup': 'dialog',
    'aria-expanded': 'false',
    'aria-controls': PANEL_ID,
  });
  private readonly panel = el('section', { id: PANEL_ID, class: 'panel', role: 'dialog', 'aria-labelledby': TITLE_ID, hidden: '' });
  private readonly log = el('div', {
    class: 'log',
    role: 'log',
    'aria-live': 'polite',
    'aria-label': W.messages,
    'aria-busy': 'true',
    tabindex: '0',
  });
  private readonly input = el('textarea', { rows: '1', maxlength: '200', 'aria-label': W.placeholder, placeholder: W.placeholder });
  private readonly sendButton = el('button', { type: 'submit' }, W.send);
  private loaded = false;
  private busy = false;

  constructor(private readonly options: WidgetOptions) {
    const root = this.host.attachShadow({ mode: 'open' });
    root.append(el('style', {}, CSS));
    const logo = options.logo || DEFAULT_LOGO;
    this.launcher.style.right = `${options.right}px`;
    this.launcher.setAttribute('aria-label', W.open);
    this.launcher.append(el('img', { class: 'logo', src: logo, alt: '' }), el('span', {}, options.name));
    this.launcher.addEventListener('click', () => this.toggle());

    this.panel.style.right = `${options.right}px`;
    const header = el('header');
    const faq = el('button', { type: 'button' }, W.suggested);
    const clear = el('button', { type: 'button' }, W.clear);
    const close = el('button', { type: 'button', 'aria-label': W.close }, '✕');
    faq.addEventListener('click', () => this.showQuestions());
    clear.addEventListener('click', () => void this.clear());
    close.addEventListener('click', () => this.close());
    header.append(el('img', { class: 'logo', src: logo, alt: '' }), el('h2', { id: TITLE_ID }, options.name), faq, clear, close);

    const form = el('form');
    form.append(this.input, this.sendButton);
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      void this.ask(this.input.value);
    });
    this.input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
        e.preventDefault();
        void this.ask(this.input.value);
      }
    });
    this.panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        this.close();
      }
    });
    this.panel.append(header, this.log, form);
    root.append(this.launcher, this.panel);
  }

  get isOpen(): boolean {
    return !this.panel.hidden;
  }

  toggle(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  open(): void {
    this.panel.hidden = false;
    this.launcher.setAttribute('aria-expanded', 'true');
    this.input.focus();
    if (!this.loaded) void this.loadHistory();
  }

  close(): void {
    this.panel.hidden = true;
    this.launcher.setAttribute('aria-expanded', 'false');
    this.launcher.focus();
  }

  private async loadHistory(): Promise<void> {
    this.loaded = true;
    try {
      const { list } = await assistantApi.history(this.options, W);
      if (list.length === 0) this.showWelcome();
      for (const m of list) this.render(m);
    } catch (error) {
      this.showWelcome();
      this.note(error instanceof AssistantApiError ? error.message : W.historyFailed, true);
    }
    this.log.setAttribute('aria-busy', 'false');
  }

  private showWelcome(): void {
    this.note(W.welcome(this.options.name));
    this.showQuestions();
  }

  private showQuestions(): void {
    const box = el('div', { class: 'msg assistant' });
    box.append(el('div', { class: 'chips-title' }, W.suggested));
    const chips = el('div', { class: 'chips' });
    for (const q of this.options.questions) chips.append(this.askButton(q));
    box.append(chips);
    this.push(box);
  }

  async ask(text: string): Promise<void> {
    const question = text.trim();
    if (!question || this.busy) return;
    this.busy = true;
    this.sendButton.disabled = true;
    this.input.value = '';
    this.note(question, false, 'user');
    const pending = this.note(W.thinking);
    pending.classList.add('pending');
    try {
      const { answer } = await assistantApi.chat(this.options, question, W);
      pending.remove();
      this.render(answer);
    } catch (error) {
      pending.remove();
      this.note(error instanceof AssistantApiError ? error.message : W.failed, true);
    } finally {
      this.busy = false;
      this.sendButton.disabled = false;
    }
  }

  private async clear(): Promise<void> {
    try {
      await assistantApi.clear(this.options, W);
      this.log.replaceChildren();
      this.note(W.cleared);
      this.showQuestions();
    } catch (error) {
      this.note(error instanceof AssistantApiError ? error.message : W.failed, true);
    }
  }

  private render(m: AssistantMessage): void {
    const box = this.note(m.text, false, m.role);
    if (m.role !== 'assistant') return;
    box.dataset.kind = m.kind;
    if (m.actions.length) {
      const row = el('div', { class: 'row' });
      for (const a of m.actions) row.append(this.actionButton(a));
      box.append(row);
    }
    if (m.suggestions.length) {
      const row = el('div', { class: 'row' });
      for (const q of m.suggestions) row.append(this.askButton(q));
      box.append(row);
    }
    if (m.source && m.kind !== 'data') box.append(el('div', { class: 'source' }, W.source(m.source)));
    this.log.scrollTop = this.log.scrollHeight;
  }

  private actionButton(a: AssistantAction): HTMLButtonElement {
    const button = el('button', { type: 'button', 'data-action': a.type }, a.label);
    button.addEventListener('click', () =>
      this.options.onAction(a.vehicleId === undefined ? { type: a.type } : { type: a.type, vehicleId: a.vehicleId }),
    );
    return button;
  }

  private askButton(question: string): HTMLButtonElement {
    const button = el('button', { type: 'button' }, question);
    button.addEventListener('click', () => void this.ask(question));
    return button;
  }

  private note(text: string, error = false, role: 'user' | 'assistant' = 'assistant'): HTMLDivElement {
    const box = el('div', { class: `msg ${role}${error ? ' error' : ''}` }, text);
    return this.push(box);
  }

  private push<T extends HTMLElement>(node: T): T {
    this.log.append(node);
    this.log.scrollTop = this.log.scrollHeight;
    return node;
  }
}
