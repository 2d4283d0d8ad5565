/**
 * 内容发布 (系统管理, menu 12006): station messages, announcements and help-centre articles published to chosen accounts
 * of the caller's subtree, in rich text sanitised on the server. They become rows of the help
 * centre's messages (helpMessages.ts), which /center/notice reads.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { Id, PageQuery, pageOf } from './schemas.ts';

/** 'article': a help-centre article (帮助文章), read in the same centre under its own filter. */
const NoticeType = Type.Union([Type.Literal('notice'), Type.Literal('announcement'), Type.Literal('article')]);
export type NoticeType = Static<typeof NoticeType>;

const NoticeRecipientSchema = Type.Object({ accountId: Type.Integer(), accountName: Type.String() });

const PublishedNoticeSchema = Type.Object({
  id: Type.Integer(),
  type: NoticeType,
  title: Type.String(),
  /** sanitised HTML */
  html: Type.String(),
  publisher: Type.String(),
  recipients: Type.Array(NoticeRecipientSchema),
  /** users who can read it (users of the recipients' subtrees) */
  audience: Type.Integer(),
  /** of them, how many have read it */
  readCount: Type.Integer(),
  created: Type.Number(),
});
export type PublishedNotice = Static<typeof PublishedNoticeSchema>;

const NoticePublishInput = Type.Object({
  type: NoticeType,
  title: Type.String({ minLength: 1, maxLength: 100 }),
  /** rich text (HTML); tags and attributes outside the allow-list are removed on the server */
  html: Type.String({ minLength: 1, maxLength: 100_000 }),
  /** each account and its whole subtree receives it; all inside the caller's subtree */
  accountIds: Type.Array(Id(), { minItems: 1, maxItems: 200 }),
});
export type NoticePublishInput = Static<typeof NoticePublishInput>;

const base = '/car/v4/api/notice';
const tag = '内容发布';

export const noticeEndpoints = {
  /** What the caller's subtree published, newest first, with recipients and read counts. */
  list: endpoint({
    method: 'GET',
    path: `${base}/list.json`,
    tag,
    summary: '查询已发布内容',
    permission: 'system:notice',
    input: Type.Intersect([PageQuery, Type.Object({ type: Type.Optional(NoticeType) })]),
    answer: pageOf(PublishedNoticeSchema),
  }),
  publish: endpoint({
    method: 'POST',
    path: `${base}/publish.json`,
    tag,
    summary: '发布站内信/公告',
    permission: 'system:notice:publish',
    encoding: 'json',
    input: NoticePublishInput,
    answer: Type.Object({ id: Type.Integer(), audience: Type.Integer() }),
  }),
  /** Withdraws a publication: its messages disappear from the recipients' centres. */
  withdraw: endpoint({
    method: 'POST',
    path: `${base}/withdraw.json`,
    tag,
    summary: '撤回已发布内容',
    permission: 'system:notice:publish',
    input: Type.Object({ id: Id() }),
    answer: Type.Object({ id: Type.Integer() }),
  }),
};

export const NOTICE_ERRORS = defineErrors('notice', {
  accountNotFound: { msg: '接收账户不存在或无权访问', status: 404 },
  empty: '内容不能为空',
  notFound: { msg: '发布记录不存在或无权访问', status: 404 },
});
