import { Alert, Button, Modal, Space, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ELEC_GB_ERRORS, elecGbEndpoints } from '@chelian/contracts';
import { FLEET_ROW_COLUMNS, ImportCheckResult } from '../shared/import/ImportCheckResult.tsx';
import { call } from '../shared/request/call.ts';
import { useImportCheck } from '../shared/import/useImportCheck.ts';
import { toast } from '../shared/ui/toast.ts';
import { G } from './messages.ts';

const R = G.record;

/** 批量导入: each row checked as soon as the file is chosen (its Chinese reasons shown); the import (all or nothing) only when every row passed. */
export function ImportBikesModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { file, checked, round, busy, ready, check, submit } = useImportCheck(open, ELEC_GB_ERRORS.importRejected);
  const verify = (picked: File) => call(elecGbEndpoints.importVerify, { file: picked });
  const run = async (picked: File) => {
    const res = await call(elecGbEndpoints.import, { file: picked });
    toast.success(R.imported(res.imported));
    onDone();
  };
  return (
    <Modal
      open={open}
      title={R.import}
      width={checked ? 860 : 520}
      onCancel={onClose}
      onOk={() => void submit(run)}
      okText={checked ? R.importRun(checked.total) : R.import}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy === 'importing'}
      destroyOnHidden
      data-testid="gb-import-modal"
    >
      <Space>
        <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(f) => (void check(f, verify), false)}>
          <Button icon={<UploadOutlined />} loading={busy === 'checking'} data-testid="gb-import-choose">
            {file ? file.name : R.importChoose}
          </Button>
        </Upload>
        <Button
          icon={<DownloadOutlined />}
          onClick={() =>
            void call(elecGbEndpoints.importTemplate, undefined, { fileName: '新国标备案导入模板.xlsx' }).catch(() => undefined)
          }
        >
          {R.template}
        </Button>
      </Space>
      <Alert style={{ margin: '12px 0' }} type="info" showIcon message={R.importHelp} />
      {checked && <ImportCheckResult key={round} checked={checked} columns={FLEET_ROW_COLUMNS} />}
    </Modal>
  );
}
