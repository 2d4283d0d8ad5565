import { useEffect, useRef } from 'react';
import { Tag, Typography } from 'antd';
import { commandEndpoints, type CommandRecord } from '@chelian/contracts';
import { call } from '../request/call.ts';
import { usePagedLoad } from '../list/usePagedList.ts';
import { useReloadEvery } from '../list/useLoaded.ts';
import { ListCard } from '../ui/ListCard.tsx';
import { vehicleTexts as M } from '../i18n/vehicleTexts.ts';
import { PENDING_STATUSES, STATUS_COLORS } from './commandTypes.ts';
import { beijingDateTime } from '../format/beijingTime.ts';

const fmt = (t: number | null) => (t ? beijingDateTime(t) : M.common.none);

/** Quiet: the table keeps what it had. */
const loadCommands = (query: { terminalId?: string; current: number; pageSize: number }) =>
  call(commandEndpoints.list, query, { silent: true });

/** The command record: what was sent, to whom, and what each terminal answered — polled while any is pending. */
export function CommandResults({ refreshKey, terminalId, pageSize = 10 }: { refreshKey: number; terminalId?: string; pageSize?: number }) {
  const list = usePagedLoad<{ terminalId?: string }, CommandRecord>(loadCommands, { terminalId }, { pageSize });
  const { rows, total, paging, setPaging, reload } = list;
  // a command just sent: the page shown again, as the polling does
  const shownKey = useRef(refreshKey);
  useEffect(() => {
    if (shownKey.current === refreshKey) return;
    shownKey.current = refreshKey;
    void reload(true);
  }, [refreshKey, reload]);
  const pending = rows.some((r) => PENDING_STATUSES.has(r.status));
  useReloadEvery(reload, 2000, pending);
  const { current } = paging;

  // A pager only past one page, of the size it was given (3 in the vehicle dialog), as before.
  const pager =
    total > pageSize
      ? { current, pageSize, total, onChange: (next: number) => setPaging({ current: next, pageSize }), showTotal: M.common.total }
      : false;

  return (
    <ListCard<CommandRecord>
      bare
      size="small"
      rowKey="commandId"
      list={{ ...list, pager }}
      table={{ 'data-testid': 'command-results' }}
      columns={[
        { title: M.common.plate, dataIndex: 'plate', width: 100, render: (p: string, r) => p || r.terminalId },
        { title: M.command.type, dataIndex: 'typeName', width: 90 },
        {
          title: M.command.status,
          dataIndex: 'statusName',
          width: 110,
          render: (name: string, r) => (
            <Tag color={STATUS_COLORS[r.status] ?? 'default'} data-testid="command-status" data-status={r.status}>
              {name}
            </Tag>
          ),
        },
        {
          // Whole, wrapping: a terminal's reply reads 远程设防成功（Remote setting up defenses Successful）,
          // the Chinese with the terminal's own words beside it, both in the row (not cut to a tooltip).
          title: M.command.reply,
          dataIndex: 'replyText',
          // the columns' sum (775 px) fits 指令下发's card at 1366 px, so nothing scrolls there
          width: 220,
          ellipsis: false,
          render: (text: string, r) =>
            r.replySuccess === null ? (
              M.common.none
            ) : (
              <span data-testid="command-reply" style={{ color: r.replySuccess ? '#18a058' : '#e5484d', overflowWrap: 'break-word' }}>
                {text || (r.replySuccess ? M.command.replyOk : M.command.replyFailed)}
              </span>
            ),
        },
        {
          // Sent and replied in one column, one above the other, so the reply keeps the width to be read.
          title: M.command.sentAndReplied,
          dataIndex: 'sentAt',
          width: 165,
          ellipsis: false,
          render: (sentAt: number | null, r) => (
            <div data-testid="command-times">
              <div>{fmt(sentAt)}</div>
              <Typography.Text type="secondary">{fmt(r.repliedAt)}</Typography.Text>
            </div>
          ),
        },
        { title: M.command.operator, dataIndex: 'userName', width: 90, render: (v: string) => v || M.common.none },
      ]}
    />
  );
}
