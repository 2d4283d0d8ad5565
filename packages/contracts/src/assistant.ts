/**
 * AI智能助手 (spec §1, issue 22): the assistant the shell loads from `aiScriptUrl`, served by the
 * platform under /ai/. A question is answered from the knowledge base (shipped entries and the
 * help-centre articles the user may read), from the user's own fleet (only what the session may
 * see), or — when a language model is configured — by the model through the same read-only tools.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Nullable, OneOf } from './schemas.ts';

/** The chat's action buttons (spec §1); the shell's onAction carries them out. */
export const ASSISTANT_ACTION_TYPES = ['playback', 'vehicleDetail', 'location', 'mileageReport', 'alarmDetail', 'onlineDetail'] as const;

/** A question longer than this is refused by the schema (the widget's input stops there too). */
export const ASSISTANT_QUESTION_MAX = 200;
/** How many messages the history answers (the newest, oldest first). */
export const ASSISTANT_HISTORY_LIMIT = 100;

const ActionSchema = Type.Object({
  type: OneOf(ASSISTANT_ACTION_TYPES),
  /** the button's text */
  label: Type.String(),
  vehicleId: Type.Optional(Type.Integer()),
});
export type AssistantAction = Static<typeof ActionSchema>;

/** Where a message came from (MessageSchema's kind). */
export const ASSISTANT_MESSAGE_KINDS = ['question', 'knowledge', 'data', 'model', 'unknown', 'denied'] as const;
export type AssistantMessageKind = (typeof ASSISTANT_MESSAGE_KINDS)[number];
const MessageKind = OneOf(ASSISTANT_MESSAGE_KINDS);

const MessageSchema = Type.Object({
  id: Type.Integer(),
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  /** plain text with line breaks */
  text: Type.String(),
  /** where the answer came from: question (the user's), knowledge, data, model, unknown (no answer), denied (no permission) */
  kind: MessageKind,
  /** the knowledge entry's or article's title the answer came from */
  source: Type.String(),
  actions: Type.Array(ActionSchema),
  /** closest questions, offered when there was no answer */
  suggestions: Type.Array(Type.String()),
  created: Type.Number(),
});
export type AssistantMessage = Static<typeof MessageSchema>;

const base = '/ai';
const tag = 'AI智能助手';

export const assistantEndpoints = {
  /** Answers a question and keeps both in the user's history. A query: it changes nothing of the fleet. */
  chat: endpoint({
    method: 'GET|POST',
    path: `${base}/chat.json`,
    tag,
    summary: '向AI智能助手提问',
    input: Type.Object({ question: Type.String({ maxLength: ASSISTANT_QUESTION_MAX }) }),
    answer: Type.Object({ question: MessageSchema, answer: MessageSchema, model: Nullable(Type.String()) }),
  }),
  history: endpoint({
    method: 'GET',
    path: `${base}/history.json`,
    tag,
    summary: '查看AI智能助手对话记录',
    answer: Type.Object({ list: Type.Array(MessageSchema) }),
  }),
  clearHistory: endpoint({
    method: 'POST',
    path: `${base}/clearHistory.json`,
    tag,
    summary: '清空AI智能助手对话记录',
    answer: Type.Object({ deleted: Type.Integer() }),
  }),
};

export const ASSISTANT_ERRORS = defineErrors('assistant', {
  emptyQuestion: '请输入您的问题',
});
