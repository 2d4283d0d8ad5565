import type { ReactNode } from 'react';
import { Alert, Button, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DownloadOutlined } from '@ant-design/icons';
import { exportEndpoints, type ExportRecord } from '@chelian/contracts';
import { iframeExport } from '../request/helpers.ts';
import { ListCard, type ListCardProps } from '../ui/ListCard.tsx';
import { T } from '../i18n/messages.ts';
import { beijingFormat } from '../format/beijingTime.ts';
import { formatBytes } from './formatBytes.ts';
import type { ExportList as ExportListState } from './useExportList.ts';

const D = T.center.download;
const STATUS_COLOR: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };
const NONE = '—';

interface Props extends Pick<ListCardProps<ExportRecord>, 'title' | 'actions' | 'testId' | 'bare'> {
  /** useExportList's answer */
  list: ExportListState;
  /** a drawer's width: small rows, without 完成时间 */
  compact?: boolean;
  /** words above the table (the drawer's note on where else the records are) */
  hint?: ReactNode;
  tableTestId: string;
}

function columns(compact: boolean): ColumnsType<ExportRecord> {
  return [
    { title: D.name, dataIndex: 'name', width: compact ? 230 : 300 },
    {
      title: D.status,
      dataIndex: 'status',
      width: compact ? 90 : 110,
      render: (s: string, r) => (
        <Tag color={STATUS_COLOR[s]} title={r.error || undefined} data-status={s}>
          {D.statusText[s] ?? s}
        </Tag>
      ),
    },
    { title: D.created, dataIndex: 'created', width: 170, render: (t: number) => beijingFormat(t) },
    ...(compact
      ? []
      : [{ title: D.finished, dataIndex: 'finished', width: 170, render: (t: number | null) => (t ? beijingFormat(t) : NONE) }]),
    { title: D.size, dataIndex: 'size', width: 90, render: (n: number, r) => (r.status === 'done' ? formatBytes(n) : NONE) },
    {
      title: T.common.operation,
      key: 'actions',
      width: 90,
      render: (_, r) => (
        <Button
          type="link"
          size="small"
          icon={<DownloadOutlined />}
          disabled={r.status !== 'done'}
          onClick={() => iframeExport(exportEndpoints.download.path, { id: r.id })}
          data-testid={`export-download-${r.id}`}
        >
          {D.download}
        </Button>
      ),
    },
  ];
}

/**
 * The export records in the list frame, one copy for 下载中心 (a card) and the data report's
 * 导出记录 drawer (bare, compact): status, sizes, and downloading a finished file; while one is
 * being made a note says the list follows it.
 */
export function ExportList({ list, compact = false, hint, tableTestId, ...frame }: Props) {
  return (
    <ListCard<ExportRecord>
      {...frame}
      above={
        <>
          {hint}
          {list.pending && <Alert type="info" showIcon title={D.autoRefresh} style={{ marginBottom: 12 }} />}
        </>
      }
      list={list}
      rowKey="id"
      size={compact ? 'small' : 'middle'}
      identityColumn={!compact}
      columns={columns(compact)}
      table={{ 'data-testid': tableTestId }}
    />
  );
}
