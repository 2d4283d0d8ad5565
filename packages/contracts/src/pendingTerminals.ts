/**
 * 待接入终端 (系统管理 › 终端管理): identifiers nobody registered that tried to connect, kept for the
 * platform administrator to adopt (接入: they become unassigned terminals, as auto-registration
 * makes them) or block (屏蔽: later connections are closed at once). docs/security.md, 终端身份.
 */
import type { Static } from 'typebox';
import * as Type from 'typebox/type';
import { endpoint } from './endpoint.ts';
import { defineErrors } from './errors.ts';
import { PageQuery, pageOf } from './schemas.ts';

export const PENDING_TERMINAL_ERRORS = defineErrors('pendingTerminal', {
  platformOnly: '仅平台管理员可处理待接入终端',
  notFound: '待接入终端不存在',
});

export const PendingTerminalSchema = Type.Object({
  terminalId: Type.String(),
  /** 'jt808' | 'gt06' | 'h02' | 'watch' */
  protocol: Type.String(),
  protocolName: Type.String(),
  /** The remote address of its last connection. */
  address: Type.String(),
  firstSeenAt: Type.Number(),
  lastSeenAt: Type.Number(),
  /** Connections seen. */
  attempts: Type.Integer(),
  /** Its first frames, as hex. */
  frames: Type.Array(Type.String()),
  blocked: Type.Boolean(),
});
export type PendingTerminal = Static<typeof PendingTerminalSchema>;

const PendingListQuery = Type.Intersect([
  PageQuery,
  Type.Object({
    keyword: Type.Optional(Type.String({ maxLength: 40 })),
    /** true: only the blocked ones; false: only those waiting */
    blocked: Type.Optional(Type.Boolean()),
  }),
]);
/** Comma-separated terminal ids. */
const PendingIds = Type.Object({ terminalIds: Type.String({ minLength: 1, maxLength: 20_000 }) });

const base = '/car/v4/api/terminal/pending';

export const pendingTerminalEndpoints = {
  list: endpoint({
    method: 'GET',
    path: `${base}/list.json`,
    tag: '设备',
    summary: '查询待接入终端',
    permission: 'system:terminal:adopt',
    input: PendingListQuery,
    answer: pageOf(PendingTerminalSchema),
  }),
  /** Each becomes an unassigned terminal (platform stock), as auto-registration would make it. */
  adopt: endpoint({
    method: 'POST',
    path: `${base}/adopt.json`,
    tag: '设备',
    summary: '接入终端',
    permission: 'system:terminal:adopt',
    input: PendingIds,
    answer: Type.Object({ adopted: Type.Integer() }),
  }),
  /** Later connections for these ids are closed at once; `blocked=false` lifts it. */
  block: endpoint({
    method: 'POST',
    path: `${base}/block.json`,
    tag: '设备',
    summary: '屏蔽终端',
    permission: 'system:terminal:adopt',
    input: Type.Intersect([PendingIds, Type.Object({ blocked: Type.Optional(Type.Boolean()) })]),
    answer: Type.Object({ updated: Type.Integer() }),
  }),
};
