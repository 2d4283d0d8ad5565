/** Station messages and announcements with per-user read state (spec §2 /center/notice, /center/detail). */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, PageQuery, pageOf } from './schemas.ts';

const MessageType = Type.Union([Type.Literal('notice'), Type.Literal('announcement'), Type.Literal('article')]);

const HelpMessageSchema = Type.Object({
  id: Type.Integer(),
  /** 'notice' = station message (站内信), 'announcement' = platform announcement (公告), 'article' = help-centre article (帮助文章) */
  type: MessageType,
  title: Type.String(),
  /** plain text with line breaks */
  content: Type.String(),
  /** sanitised rich text, when it was published from 系统管理 › 内容发布 */
  html: Type.Optional(Type.String()),
  created: Type.Number(),
  read: Type.Boolean(),
});
export type HelpMessage = Static<typeof HelpMessageSchema>;

const MessagePageSchema = pageOf(HelpMessageSchema, { unread: Type.Integer() });

const base = '/car/v1/helpCenter/helpMessage';
const permission = 'center:notice';

export const helpMessageEndpoints = {
  page: endpoint({
    method: 'GET',
    path: `${base}/pageHelpMessage`,
    tag: '站内信',
    summary: '分页查询站内信',
    permission,
    input: Type.Intersect([PageQuery, Type.Object({ type: Type.Optional(MessageType), read: Type.Optional(Type.Boolean()) })]),
    answer: MessagePageSchema,
  }),
  /** Marks nothing read. */
  one: endpoint({
    method: 'GET',
    path: `${base}/getHelpMessage`,
    tag: '站内信',
    summary: '查看站内信',
    permission,
    input: Type.Object({ id: Id() }),
    answer: HelpMessageSchema,
  }),
  /** id: one id or '1,2,3' (at most 500); or all=true. Ids the caller cannot see are not matched. */
  markRead: endpoint({
    method: 'POST',
    path: `${base}/markRead`,
    tag: '站内信',
    summary: '标记站内信已读',
    permission,
    input: Type.Object({
      id: Type.Optional(Type.Union([Id(), Type.String({ maxLength: 2000, pattern: '^\\d+(,\\d+)*$' })])),
      all: Type.Optional(Type.Boolean()),
    }),
    answer: Type.Object({ updated: Type.Integer() }),
  }),
};

export const HELP_MESSAGE_ERRORS = defineErrors('helpMessage', {
  notFound: { msg: '消息不存在或已删除', status: 404 },
  noneSelected: { msg: '请选择要标记为已读的消息', status: 400 },
});
