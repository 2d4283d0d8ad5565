import { Button, Drawer, Typography } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { ExportList } from '../../shared/exports/ExportList.tsx';
import { useExportList } from '../../shared/exports/useExportList.ts';
import { R } from '../messages.ts';
import { useExportRecords } from './exportRecordsStore.ts';

const E = R.exports;

/** The user's latest exports: 下载中心's list in a drawer, loaded each time it opens; finished files download here. */
export function ExportRecordsDrawer() {
  const { open, hide } = useExportRecords();
  const list = useExportList(open);
  return (
    <Drawer
      title={E.title}
      open={open}
      onClose={hide}
      size={720}
      extra={
        <Button icon={<ReloadOutlined />} onClick={() => void list.reload()}>
          {E.refresh}
        </Button>
      }
    >
      <ExportList
        bare
        compact
        testId="export-records"
        tableTestId="export-records-table"
        hint={<Typography.Paragraph type="secondary">{E.hint}</Typography.Paragraph>}
        list={list}
      />
    </Drawer>
  );
}
