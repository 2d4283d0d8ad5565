import { useEffect } from 'react';
import { Alert, Button, Space, Tag } from 'antd';
import { DownloadOutlined, ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { exportEndpoints, type ExportRecord } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { iframeExport } from '../../shared/request/helpers.ts';
import { usePagedList } from '../../shared/list/usePagedList.ts';
import { ListCard } from '../../shared/ui/ListCard.tsx';
import { toast } from '../../shared/ui/toast.ts';
import { T } from '../../shared/i18n/messages.ts';
import { formatBytes } from './formatBytes.ts';
import { promptBox } from '../../shared/ui/promptBox.tsx';
import { beijingFormat } from '../../shared/format/beijingTime.ts';

const D = T.center.download;
const STATUS_COLOR: Record<string, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };

/** The download centre: the user's export records with status, and downloading finished files. */
export function DownloadPage() {
  const list = usePagedList(exportEndpoints.list, {});
  const { reload, paging, setPaging } = list;

  // a record still queued or being made: the list follows it quietly until it is done
  const pending = list.rows.some((r) => r.status === 'queued' || r.status === 'running');
  useEffect(() => {
    if (!pending) return;
    const timer = window.setInterval(() => void reload(true), 3000);
    return () => window.clearInterval(timer);
  }, [pending, reload]);

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
    // the new record is the newest: page 1 shows it (setPaging loads; on page 1 already, reload does)
    if (paging.current === 1) await reload();
    else setPaging({ ...paging, current: 1 });
  };

  return (
    <ListCard<ExportRecord>
      title={T.routes.download}
      testId="download-page"
      actions={
        <Space>
          <Button icon={<ReloadOutlined />} onClick={() => void reload()}>
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
      above={pending && <Alert type="info" showIcon title={D.autoRefresh} style={{ marginBottom: 12 }} />}
      list={list}
      rowKey="id"
      table={{ 'data-testid': 'export-table' }}
      columns={[
        { title: D.name, dataIndex: 'name', width: 300 },
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
          key: 'actions',
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
  );
}
