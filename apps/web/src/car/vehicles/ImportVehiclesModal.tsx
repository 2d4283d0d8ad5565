import { useState } from 'react';
import { Alert, Button, Modal, Select, Space, Switch, Table, Tag, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { PROTOCOL_NAMES, TERMINAL_ERRORS, vehicleEndpoints, type ImportRowCheck, type ImportVerifyResult } from '@chelian/contracts';
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
  const [onlyErrors, setOnlyErrors] = useState(false);

  const reset = () => {
    setFile(null);
    setChecked(null);
    setOnlyErrors(false);
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
      setOnlyErrors(result.invalid > 0);
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
      if (err instanceof RequestError && err.is(TERMINAL_ERRORS.importRowsInvalid)) setChecked(err.obj as ImportVerifyResult);
    } finally {
      setBusy(null);
    }
  };

  const rows = checked ? (onlyErrors ? checked.rows.filter((r) => !r.ok) : checked.rows) : [];
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
        {checked && (
          <>
            <Alert
              type={ready ? 'success' : 'error'}
              showIcon
              message={I.summary(checked.total, checked.valid, checked.invalid)}
              description={ready ? I.allGood : I.fixFirst}
              data-testid="import-summary"
            />
            {checked.invalid > 0 && (
              <Space>
                <Switch size="small" checked={onlyErrors} onChange={setOnlyErrors} />
                {I.onlyErrors}
              </Space>
            )}
            <Table<ImportRowCheck>
              size="small"
              rowKey="row"
              dataSource={rows}
              pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
              scroll={{ y: 320 }}
              data-testid="import-rows"
              columns={[
                { title: I.row, dataIndex: 'row', width: 70 },
                { title: M.vehicles.columns.terminal, dataIndex: 'terminalId', width: 170 },
                { title: M.vehicles.columns.plate, dataIndex: 'plate', width: 120 },
                {
                  title: I.result,
                  render: (_, r) => (r.ok ? <Tag color="success">{I.ok}</Tag> : <span className="car-import-errors">{r.errors.join('；')}</span>),
                },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
