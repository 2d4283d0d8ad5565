import { useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Select, Space, TreeSelect, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { PROTOCOL_NAMES, terminalEndpoints, vehicleEndpoints, type Account } from '@chelian/contracts';
import { call } from '../../shared/request/call.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';

const T = S.terminal;

/** 导入终端: a sheet (the vehicle import template's columns) into an account; all or nothing on the server. */
export function ImportTerminalsModal({ open, accounts, onClose, onDone }: { open: boolean; accounts: Account[]; onClose: () => void; onDone: () => void }) {
  const [accountId, setAccountId] = useState<number>();
  const [protocol, setProtocol] = useState<string>();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFile(null);
    setAccountId(undefined);
    setProtocol(undefined);
  }, [open]);

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const res = await call(terminalEndpoints.import, { file, accountId, protocol });
      toast.success(T.imported(res.terminals));
      onDone();
    } catch {
      // the request layer has shown the reason
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal open={open} title={T.import} onCancel={onClose} onOk={() => void submit()} okButtonProps={{ disabled: !file }} confirmLoading={busy} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={T.account}>
          <TreeSelect allowClear showSearch treeDefaultExpandAll treeNodeFilterProp="title" treeData={accountOptions(accounts)} value={accountId} onChange={setAccountId} placeholder={T.assignTarget} />
        </Form.Item>
        <Form.Item label={T.protocol}>
          <Select allowClear value={protocol} onChange={setProtocol} placeholder={T.allProtocols} options={Object.entries(PROTOCOL_NAMES).map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <Space>
          <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(f) => (setFile(f), false)}>
            <Button icon={<UploadOutlined />} data-testid="terminal-import-choose">{file ? file.name : T.import}</Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={() => void call(vehicleEndpoints.importTemplate, { format: 'xlsx' }, { fileName: '导入模板.xlsx' }).catch(() => undefined)}>
            {T.template}
          </Button>
        </Space>
      </Form>
      <Alert style={{ marginTop: 12 }} type="info" showIcon message={T.importHelp} />
    </Modal>
  );
}
