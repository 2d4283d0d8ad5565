import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Space, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { ELEC_GB_ERRORS, elecGbEndpoints, type ImportVerifyResult } from '@chelian/contracts';
import { ImportCheckResult } from '../shared/import/ImportCheckResult.tsx';
import { call } from '../shared/request/call.ts';
import { RequestError } from '../shared/request/RequestError.ts';
import { toast } from '../shared/ui/toast.ts';
import { G } from './messages.ts';

const R = G.record;

/** 批量导入: each row checked as soon as the file is chosen (its Chinese reasons shown); the import (all or nothing) only when every row passed. */
export function ImportBikesModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportVerifyResult | null>(null);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  useEffect(() => {
    if (!open) return;
    setFile(null);
    setChecked(null);
  }, [open]);

  const show = (result: ImportVerifyResult) => (setChecked(result), setRound((n) => n + 1));
  const check = async (picked: File) => {
    setFile(picked);
    setChecked(null);
    setBusy('checking');
    try {
      show(await call(elecGbEndpoints.importVerify, { file: picked }));
    } catch {
      setFile(null);
    } finally {
      setBusy(null);
    }
  };
  const submit = async () => {
    if (!file) return;
    setBusy('importing');
    try {
      const res = await call(elecGbEndpoints.import, { file });
      toast.success(R.imported(res.imported));
      onDone();
    } catch (err) {
      if (err instanceof RequestError && err.is(ELEC_GB_ERRORS.importRejected)) show(err.obj as ImportVerifyResult);
    } finally {
      setBusy(null);
    }
  };
  const ready = !!checked && checked.invalid === 0 && checked.total > 0;
  return (
    <Modal
      open={open} title={R.import} width={checked ? 860 : 520} onCancel={onClose} onOk={() => void submit()} okText={checked ? R.importRun(checked.total) : R.import}
      okButtonProps={{ disabled: !ready }} confirmLoading={busy === 'importing'} destroyOnHidden data-testid="gb-import-modal"
    >
      <Space>
        <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(f) => (void check(f), false)}>
          <Button icon={<UploadOutlined />} loading={busy === 'checking'} data-testid="gb-import-choose">{file ? file.name : R.importChoose}</Button>
        </Upload>
        <Button icon={<DownloadOutlined />} onClick={() => void call(elecGbEndpoints.importTemplate, undefined, { fileName: '新国标备案导入模板.xlsx' }).catch(() => undefined)}>{R.template}</Button>
      </Space>
      <Alert style={{ margin: '12px 0' }} type="info" showIcon message={R.importHelp} />
      {checked && <ImportCheckResult key={round} checked={checked} />}
    </Modal>
  );
}
