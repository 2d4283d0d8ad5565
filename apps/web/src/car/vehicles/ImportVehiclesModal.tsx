import { useState } from 'react';
import { Alert, Button, Modal, Select, Space, Tag, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { PROTOCOL_NAMES, TERMINAL_ERRORS, vehicleEndpoints, type ImportVerifyResult } from '@chelian/contracts';
import { ImportCheckResult } from '../../shared/import/ImportCheckResult.tsx';
import { call } from '../../shared/request/call.ts';
import { RequestError } from '../../shared/request/RequestError.ts';
import { toast } from '../../shared/ui/toast.ts';
import { M } from '../messages.ts';

const I = M.vehicles.importer;

/**
 * 批量导入: the operator picks a filled-in template; every row is checked by vehicleVerify.json
 * and shown with its reasons before anything is written; the import (all or nothing) runs only
 * when every row passed.
 */
export function ImportVehiclesModal({ open, accountId, onClose, onImported }: { open: boolean; accountId?: number; onClose: () => void; onImported: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [protocol, setProtocol] = useState<string | undefined>(undefined);
  const [checked, setChecked] = useState<ImportVerifyResult | null>(null);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  /** bumped per check: the result's row filter starts over */
  const [round, setRound] = useState(0);

  const reset = () => {
    setFile(null);
    setChecked(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const verify = async (picked: File) => {
    setFile(picked);
    setChecked(null);
    setBusy('checking');
    try {
      const result = await call(vehicleEndpoints.verify, { file: picked, protocol, accountId });
      setChecked(result);
      setRound((n) => n + 1);
    } catch {
      setFile(null); // the sheet itself is unreadable (wrong columns, not Excel): the request layer said why
    } finally {
      setBusy(null);
    }
  };

  const run = async () => {
    if (!file) return;
    setBusy('importing');
    try {
      const result = await call(vehicleEndpoints.import, { file, protocol, accountId });
      toast.success(I.done(result.vehicles, result.terminals));
      reset();
      onImported();
    } catch (err) {
      // Something changed since the check (a plate taken meanwhile): show the fresh row reasons.
      if (err instanceof RequestError && err.is(TERMINAL_ERRORS.importRowsInvalid)) {
        setChecked(err.obj as ImportVerifyResult);
        setRound((n) => n + 1);
      }
    } finally {
      setBusy(null);
    }
  };

  const ready = !!checked && checked.invalid === 0 && checked.total > 0;

  return (
    <Modal
      open={open}
      title={I.title}
      width={820}
      onCancel={close}
      data-testid="vehicle-import"
      footer={[
        <Button key="cancel" onClick={close}>{M.common.cancel}</Button>,
        <Button key="run" type="primary" disabled={!ready} loading={busy === 'importing'} onClick={run} data-testid="import-run">
          {I.run(checked?.total ?? 0)}
        </Button>,
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }} size={12}>
        <Alert type="info" showIcon message={I.step1} />
        <Space wrap>
          <Button icon={<DownloadOutlined />} onClick={() => void call(vehicleEndpoints.importTemplate, { format: 'xlsx' }, { fileName: '车辆导入模板.xlsx' }).catch(() => undefined)}>
            {I.template}
          </Button>
          <span>{I.protocol}</span>
          <Select allowClear placeholder={M.vehicles.protocol} style={{ width: 130 }} value={protocol} onChange={setProtocol}
            options={Object.entries(PROTOCOL_NAMES).map(([value, label]) => ({ value, label }))} />
          <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(f) => (void verify(f), false)}>
            <Button type="primary" icon={<UploadOutlined />} loading={busy === 'checking'} data-testid="import-choose">
              {file ? I.reselect : I.choose}
            </Button>
          </Upload>
          {file && <Tag>{file.name}</Tag>}
        </Space>
        {checked && <ImportCheckResult key={round} checked={checked} />}
      </Space>
    </Modal>
  );
}
