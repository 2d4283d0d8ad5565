import { useEffect } from 'react';
import { Alert, Button, Drawer, Tag, Typography } from 'antd';
import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { exportEndpoints, type ExportRecord } from '@chelian/contracts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { iframeExport } from '../../shared/request/helpers.ts';
import { R } from '../messages.ts';
import { timeText } from '../format.ts';
import { useExportRecords } from './exportRecordsStore.ts';

const E = R.exports;
const STATUS_COLOR: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };
const sizeText = (bytes: number) =>
  bytes >= 1 << 20 ? `${(bytes / (1 << 20)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The user's latest exports (the download centre's list), refreshed while one is being made; finished files download here. */
export function ExportRecordsDrawer() {
  const { open, hide } = useExportRecords();
  // Loaded each time the drawer opens (not while it is shut), on the pager every list has.
  const list = usePagedList(exportEndpoints.list, {}, { enabled: false });
  const { reload } = list;
  useEffect(() => {
    if (open) void reload();
  }, [open, reload]);

  const pending = list.rows.some((r) => r.status === 'queued' || r.status === 'running');
  useEffect(() => {
    if (!open || !pending) return;
    const timer = window.setInterval(() => void reload(true), 3000);
    return () => window.clearInterval(timer);
  }, [open, pending, reload]);

  return (
    <Drawer
      title={E.title}
      open={open}
      onClose={hide}
      size={720}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
          {E.refresh}
        </Button>
      }
    >
      <div data-testid="export-records">
        <Typography.Paragraph type="secondary">{E.hint}</Typography.Paragraph>
        {pending && <Alert type="info" showIcon title={E.autoRefresh} style={{ marginBottom: 12 }} />}
        <ListCard<ExportRecord>
          bare
          list={list}
          rowKey="id"
          size="small"
          identityColumn={false}
          columns={[
            { title: E.name, dataIndex: 'name', width: 250 },
            { title: E.created, dataIndex: 'created', width: 150, render: (ms: number) => timeText(ms) },
            {
              title: E.status,
              dataIndex: 'status',
              width: 90,
              render: (s: string, r) => (
                <Tag color={STATUS_COLOR[s]} title={r.error || undefined} data-status={s}>
                  {E.statuses[s] ?? s}
                </Tag>
              ),
            },
            { title: E.size, dataIndex: 'size', width: 80, render: (n: number, r) => (r.status === 'done' ? sizeText(n) : '') },
            {
              title: E.action,
              key: 'op',
              width: 100,
              render: (_: unknown, r) =>
                r.status === 'done' && (
                  <Button
                    type="link"
                    size="small"
                    icon={<DownloadOutlined />}
                    onClick={() => iframeExport(exportEndpoints.download.path, { id: r.id })}
                    data-testid={`export-download-${r.id}`}
                  >
                    {E.download}
                  </Button>
                ),
            },
          ]}
          table={{ 'data-testid': 'export-records-table' }}
        />
      </div>
    </Drawer>
  );
}
