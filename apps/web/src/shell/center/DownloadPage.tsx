import { Button, Space } from 'antd';
import { ExportOutlined, ReloadOutlined } from '@ant-design/icons';
import { exportEndpoints } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { ExportList } from '../../shared/exports/ExportList.tsx';
import { useExportList } from '../../shared/exports/useExportList.ts';
import { toast } from '../../shared/ui/toast.ts';
import { T } from '../../shared/i18n/messages.ts';
import { promptBox } from '../../shared/ui/promptBox.tsx';

const D = T.center.download;

/** The download centre: the user's export records with status, and downloading finished files. */
export function DownloadPage() {
  const list = useExportList();
  const { reload, paging, setPaging } = list;

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
    <ExportList
      title={T.routes.download}
      testId="download-page"
      tableTestId="export-table"
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
      list={list}
    />
  );
}
