import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Space, Table, Tag } from 'antd';
import { DownloadOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, exportEndpoints, type ExportRecord, type ExportRecordPage } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { iframeExport } from '../../shared/request/helpers.ts';
import { toast } from '../../shared/ui/toast.ts';
import { T } from '../../shared/i18n/messages.ts';
import { formatBytes } from './formatBytes.ts';
import { promptBox } from '../../shared/ui/promptBox.tsx';
import { beijingFormat } from '../../shared/format/beijingTime.ts';

const D = T.center.download;
const STATUS_COLOR: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** The download centre: the user's export records with status, and downloading finished files. */
export function DownloadPage() {
  const [paging, setPaging] = useState({ current: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE });
  const [page, setPage] = useState<ExportRecordPage | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (quiet = false) => {
      if (!quiet) setLoading(true);
      try {
        setPage(await call(exportEndpoints.list, paging));
      } catch {
        /* shown by the request layer */
      } finally {
        setLoading(false);
      }
    },
    [paging],
  );

  useEffect(() => {
    void load();
  }, [load]);

  const pending = (page?.list ?? []).some((r) => r.status === 'queued' || r.status === 'running');
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void load(true), 3000);
    return () => window.clearInterval(timer);
  }, [pending, load]);

  const exportUsers = async () => {
    const name = await promptBox({
      title: D.exportUsers,
      placeholder: D.namePlaceholder,
      initial: D.defaultName,
      validate: (v) => (!v.trim() ? D.nameRequired : v.length > 50 ? D.nameTooLong : null),
      disableConfirmWhenInvalid: true,
    });
    if (name === null) return;
    await call(exportEndpoints.create, { reportType: 'userList', name: name.trim() });
    toast.success(D.exportQueued);
    setPaging((p) => ({ ...p, current: 1 }));
    await load();
  };

  return (
    <Card
      variant="borderless"
      title={T.routes.download}
      data-testid="download-page"
      extra={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => load()}>
            {T.common.refresh}
          </Button>
          <Button
            type="primary"
            icon={<ExportOutlined />}
            onClick={() => void exportUsers().catch(() => undefined)}
            data-testid="export-users"
          >
            {D.exportUsers}
          </Button>
        </Space>
      }
    >
      {pending && <Alert type="info" showIcon title={D.autoRefresh} style={{ marginBottom: 16 }} />}
      <Table<ExportRecord>
        rowKey="id"
        loading={loading}
        dataSource={page?.list ?? []}
        data-testid="export-table"
        pagination={{
          current: paging.current,
          pageSize: paging.pageSize,
          total: page?.total ?? 0,
          showTotal: T.common.total,
          onChange: (current, pageSize) => setPaging({ current, pageSize }),
        }}
        columns={[
          { title: D.name, dataIndex: 'name' },
          {
            title: D.status,
            dataIndex: 'status',
            width: 110,
            render: (s: string, r) => (
              <Tag color={STATUS_COLOR[s]} title={r.error || undefined}>
                {D.statusText[s] ?? s}
              </Tag>
            ),
          },
          { title: D.created, dataIndex: 'created', width: 170, render: (t: number) => beijingFormat(t) },
          { title: D.finished, dataIndex: 'finished', width: 170, render: (t: number | null) => (t ? beijingFormat(t) : '—') },
          { title: D.size, dataIndex: 'size', width: 100, render: (n: number, r) => (r.status === 'done' ? formatBytes(n) : '—') },
          {
            title: T.common.operation,
            width: 100,
            render: (_, r) => (
              <Button
                type="link"
                size="small"
                icon={<DownloadOutlined />}
                disabled={r.status !== 'done'}
                onClick={() => iframeExport(exportEndpoints.download.path, { id: r.id })}
              >
                {D.download}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
