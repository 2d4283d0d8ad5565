import { useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Select, Space, TreeSelect, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { PROTOCOL_NAMES, TERMINAL_ERRORS, terminalEndpoints, vehicleEndpoints, type Account, type ImportVerifyResult } from '@chelian/contracts';
import { ImportCheckResult } from '../../shared/import/ImportCheckResult.tsx';
import { call } from '../../shared/request/call.ts';
import { RequestError } from '../../shared/request/RequestError.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';

const T = S.terminal;

/**
 * 导入终端: a sheet (the vehicle import template's columns) into an account. Each row is checked
 * as soon as the file is chosen (vehicleVerify.json) and shown with its reasons; the import (all or
 * nothing on the server) runs only when every row passed.
 */
export function ImportTerminalsModal({ open, accounts, onClose, onDone }: { open: boolean; accounts: Account[]; onClose: () => void; onDone: () => void }) {
  const [accountId, setAccountId] = useState<number>();
  const [protocol, setProtocol] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportVerifyResult | null>(null);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState<'checking' | 'importing' | null>(null);
  useEffect(() => {
    if (!open) return;
    setFile(null);
    setChecked(null);
    setAccountId(undefined);
    setProtocol(undefined);
  }, [open]);

  const show = (result: ImportVerifyResult) => (setChecked(result), setRound((n) => n + 1));
  const check = async (picked: File, options = { accountId, protocol }) => {
    setFile(picked);
    setChecked(null);
    setBusy('checking');
    try {
      show(await call(vehicleEndpoints.verify, { file: picked, ...options }));
    } catch {
      setFile(null); // the sheet itself is unreadable (wrong columns, not Excel): the request layer said why
    } finally {
      setBusy(null);
    }
  };
  // The account and default protocol take part in the checks: a change checks the chosen file again.
  const choose = (change: { accountId?: number; protocol?: string }) => {
    const options = { accountId, protocol, ...change };
    setAccountId(options.accountId);
    setProtocol(options.protocol);
    if (file) void check(file, options);
  };

  const submit = async () => {
    if (!file) return;
    setBusy('importing');
    try {
      const res = await call(terminalEndpoints.import, { file, accountId, protocol });
      toast.success(T.imported(res.terminals));
      onDone();
    } catch (err) {
      // Something changed since the check: show the fresh row reasons.
      if (err instanceof RequestError && err.is(TERMINAL_ERRORS.importRowsInvalid)) show(err.obj as ImportVerifyResult);
    } finally {
      setBusy(null);
    }
  };

  const ready = !!checked && checked.invalid === 0 && checked.total > 0;
  return (
    <Modal
      open={open} title={T.import} width={checked ? 820 : 520} onCancel={onClose} onOk={() => void submit()} okText={checked ? T.importRun(checked.total) : T.import}
      okButtonProps={{ disabled: !ready }} confirmLoading={busy === 'importing'} destroyOnHidden data-testid="terminal-import-modal"
    >
      <Form layout="vertical">
        <Form.Item label={T.account}>
          <TreeSelect allowClear showSearch treeDefaultExpandAll treeNodeFilterProp="title" treeData={accountOptions(accounts)} value={accountId} onChange={(v) => choose({ accountId: v ?? undefined })} placeholder={T.assignTarget} />
        </Form.Item>
        <Form.Item label={T.protocol}>
          <Select allowClear value={protocol} onChange={(v) => choose({ protocol: v })} placeholder={T.allProtocols} options={Object.entries(PROTOCOL_NAMES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Space>
          <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(f) => (void check(f), false)}>
            <Button icon={<UploadOutlined />} loading={busy === 'checking'} data-testid="terminal-import-choose">{file ? file.name : T.importChoose}</Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={() => void call(vehicleEndpoints.importTemplate, { format: 'xlsx' }, { fileName: '导入模板.xlsx' }).catch(() => undefined)}>
            {T.template}
          </Button>
        </Space>
      </Form>
      <Alert style={{ margin: '12px 0' }} type="info" showIcon message={T.importHelp} />
      {checked && <ImportCheckResult key={round} checked={checked} />}
    </Modal>
  );
}
