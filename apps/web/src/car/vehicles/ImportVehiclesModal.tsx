import { useState } from 'react';
import { Alert, Button, Modal, Select, Space, Tag, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { PROTOCOL_NAMES, TERMINAL_ERRORS, vehicleEndpoints } from '@chelian/contracts';
import { FLEET_ROW_COLUMNS, ImportCheckResult } from '../../shared/import/ImportCheckResult.tsx';
import { call } from '../../shared/request/call.ts';
import { useImportCheck } from '../../shared/import/useImportCheck.ts';
import { toast } from '../../shared/ui/toast.ts';
import { M } from '../messages.ts';

const I = M.vehicles.importer;

/**
 * 批量导入: the operator picks a filled-in template; every row is checked by vehicleVerify.json
 * and shown with its reasons before anything is written; the import (all or nothing) runs only
 * when every row passed.
 */
export function ImportVehiclesModal({
  open,
  accountId,
  onClose,
  onImported,
}: {
  open: boolean;
  accountId?: number;
  onClose: () => void;
  onImported: () => void;
}) {
  const [protocol, setProtocol] = useState<string | undefined>(undefined);
  const { file, checked, round, busy, ready, check, submit } = useImportCheck(open, TERMINAL_ERRORS.importRowsInvalid);
  const verify = (picked: File) => call(vehicleEndpoints.verify, { file: picked, protocol, accountId });
  const run = async (picked: File) => {
    const result = await call(vehicleEndpoints.import, { file: picked, protocol, accountId });
    toast.success(I.done(result.vehicles, result.terminals));
    onImported();
  };

  return (
    <Modal
      open={open}
      title={I.title}
      width={820}
      onCancel={onClose}
      data-testid="vehicle-import"
      footer={[
        <Button key="cancel" onClick={onClose}>
          {M.common.cancel}
        </Button>,
        <Button
          key="run"
          type="primary"
          disabled={!ready}
          loading={busy === 'importing'}
          onClick={() => void submit(run)}
          data-testid="import-run"
        >
          {I.run(checked?.total ?? 0)}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Alert type="info" showIcon message={I.step1} />
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void call(vehicleEndpoints.importTemplate, { format: 'xlsx' }, { fileName: '车辆导入模板.xlsx' }).catch(() => undefined)
            }
          >
            {I.template}
          </Button>
          <span>{I.protocol}</span>
          <Select
            allowClear
            placeholder={M.vehicles.protocol}
            style={{ width: 130 }}
            value={protocol}
            onChange={setProtocol}
            options={Object.entries(PROTOCOL_NAMES).map(([value, label]) => ({ value, label }))}
          />
          <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(f) => (void check(f, verify), false)}>
            <Button type="primary" icon={<UploadOutlined />} loading={busy === 'checking'} data-testid="import-choose">
              {file ? I.reselect : I.choose}
            </Button>
          </Upload>
          {file && <Tag>{file.name}</Tag>}
        </Space>
        {checked && <ImportCheckResult key={round} checked={checked} columns={FLEET_ROW_COLUMNS} />}
      </Space>
    </Modal>
  );
}
