import { Drawer } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { terminalEndpoints, type TerminalRenewal } from '@chelian/contracts';
import { useWholeList } from '../../shared/list/useLoaded.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { S } from '../messages.ts';
import { beijingDateTime } from '../../shared/format/beijingTime.ts';

const T = S.terminal;
const time = (ms: number | null) => (ms === null ? <span className="sys-muted">{T.noExpiry}</span> : beijingDateTime(ms));

// A time's column holds its whole "2026-12-04 00:00"; together the columns fill the drawer's 712 px.
const columns: ColumnsType<TerminalRenewal> = [
  { title: T.renewedAt, dataIndex: 'created', width: 150, render: time },
  { title: T.months, dataIndex: 'months', width: 60, render: T.monthsText },
  { title: T.before, dataIndex: 'previousExpiresAt', width: 150, render: time },
  { title: T.after, dataIndex: 'expiresAt', width: 150, render: time },
  { title: T.operator, dataIndex: 'userName', width: 90 },
  { title: T.renewRemark, dataIndex: 'remark', width: 110 },
];

/** A terminal's renewals, newest first, in the list frame without its card (the drawer is the card). */
export function RenewalHistory({ terminalId, onClose }: { terminalId: string | null; onClose: () => void }) {
  const list = useWholeList(
    terminalEndpoints.renewals,
    { terminalId: terminalId ?? undefined },
    {
      enabled: terminalId !== null,
      keepOnFailure: false,
    },
  );
  return (
    <Drawer open={terminalId !== null} title={terminalId ? T.historyTitle(terminalId) : ''} width={760} onClose={onClose} destroyOnHidden>
      <ListCard<TerminalRenewal>
        bare
        list={list}
        columns={columns}
        rowKey="id"
        size="small"
        identityColumn={false}
        table={{ locale: { emptyText: T.historyEmpty }, 'data-testid': 'renewal-table' }}
      />
    </Drawer>
  );
}
