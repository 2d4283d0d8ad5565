import { useEffect, useState } from 'react';
import { Alert, Button, Form, Modal, Select, Space, TreeSelect, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { PROTOCOL_NAMES, TERMINAL_ERRORS, terminalEndpoints, vehicleEndpoints, type Account } from '@chelian/contracts';
import { FLEET_ROW_COLUMNS, ImportCheckResult } from '../../shared/import/ImportCheckResult.tsx';
import { call } from '../../shared/request/call.ts';
import { useImportCheck } from '../../shared/import/useImportCheck.ts';
import { toast } from '../../shared/ui/toast.ts';
import { accountOptions } from '../accounts/useAccounts.ts';
import { S } from '../messages.ts';

const T = S.terminal;

/**
 * 导入终端: a sheet (the vehicle import template's columns) into an account. Each row is checked
 * as soon as the file is chosen (terminal/importVerify.json) and shown with its reasons; the import (all or
 * nothing on the server) runs only when every row passed.
 */
export function ImportTerminalsModal({
  open,
  accounts,
  onClose,
  onDone,
}: {
  open: boolean;
  accounts: Account[];
  onClose: () => void;
  onDone: () => void;
}) {
  const [accountId, setAccountId] = useState<number>();
  const [protocol, setProtocol] = useState<string>();
  const { file, checked, round, busy, ready, check, submit } = useImportCheck(open, TERMINAL_ERRORS.importRowsInvalid);
  useEffect(() => {
    if (!open) return;
    setAccountId(undefined);
    setProtocol(undefined);
  }, [open]);

  const verify = (options: { accountId?: number; protocol?: string }) => (picked: File) =>
    call(terminalEndpoints.importVerify, { file: picked, ...options });
  // The account and default protocol take part in the checks: a change checks the chosen file again
  // (not while a check runs: the server takes one import or check per user at a time).
  const choose = (change: { accountId?: number; protocol?: string }) => {
    const options = { accountId, protocol, ...change };
    setAccountId(options.accountId);
    setProtocol(options.protocol);
    if (file) void check(file, verify(options));
  };
  const run = async (picked: File) => {
    const res = await call(terminalEndpoints.import, { file: picked, accountId, protocol });
    toast.success(T.imported(res.terminals));
    onDone();
  };

  return (
    <Modal
      open={open}
      title={T.import}
      width={checked ? 820 : 520}
      onCancel={onClose}
      onOk={() => void submit(run)}
      okText={checked ? T.importRun(checked.total) : T.import}
      okButtonProps={{ disabled: !ready }}
      confirmLoading={busy === 'importing'}
      destroyOnHidden
      data-testid="terminal-import-modal"
    >
      <Form layout="vertical">
        <Form.Item label={T.account}>
          <TreeSelect
            allowClear
            showSearch
            treeDefaultExpandAll
            treeNodeFilterProp="title"
            treeData={accountOptions(accounts)}
            value={accountId}
            disabled={busy !== null}
            onChange={(v) => choose({ accountId: v ?? undefined })}
            placeholder={T.assignTarget}
          />
        </Form.Item>
        <Form.Item label={T.protocol}>
          <Select
            allowClear
            value={protocol}
            disabled={busy !== null}
            onChange={(v) => choose({ protocol: v })}
            placeholder={T.allProtocols}
            options={Object.entries(PROTOCOL_NAMES).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Space>
          <Upload accept=".xlsx,.csv" showUploadList={false} beforeUpload={(f) => (void check(f, verify({ accountId, protocol })), false)}>
            <Button icon={<UploadOutlined />} loading={busy === 'checking'} data-testid="terminal-import-choose">
              {file ? file.name : T.importChoose}
            </Button>
          </Upload>
          <Button
            icon={<DownloadOutlined />}
            onClick={() =>
              void call(vehicleEndpoints.importTemplate, { format: 'xlsx' }, { fileName: '导入模板.xlsx' }).catch(() => undefined)
            }
          >
            {T.template}
          </Button>
        </Space>
      </Form>
      <Alert style={{ margin: '12px 0' }} type="info" showIcon message={T.importHelp} />
      {checked && <ImportCheckResult key={round} checked={checked} columns={FLEET_ROW_COLUMNS} />}
    </Modal>
  );
}
