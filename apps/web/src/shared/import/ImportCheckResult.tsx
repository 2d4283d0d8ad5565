import { useState } from 'react';
import { Alert, Space, Switch, Table, Tag } from 'antd';
import type { ImportRowCheck, ImportVerifyResult } from '@chelian/contracts';
import { T } from '../i18n/messages.ts';
import './importCheck.css';

const I = T.importCheck;

/**
 * What vehicleVerify.json (or a refused import) said of each row of a sheet: the count, then the
 * rows with their Chinese reasons, 50 to a page, the faulty ones alone at first. Give it a `key`
 * that changes with the file so the filter starts over.
 */
export function ImportCheckResult({ checked }: { checked: ImportVerifyResult }) {
  const [onlyErrors, setOnlyErrors] = useState(checked.invalid > 0);
  const ready = checked.invalid === 0 && checked.total > 0;
  const rows = onlyErrors ? checked.rows.filter((r) => !r.ok) : checked.rows;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
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
          { title: I.terminal, dataIndex: 'terminalId', width: 170 },
          { title: I.plate, dataIndex: 'plate', width: 120 },
          {
            title: I.result,
            render: (_, r) => (r.ok ? <Tag color="success">{I.ok}</Tag> : <span className="cl-import-errors">{r.errors.join('；')}</span>),
          },
        ]}
      />
    </Space>
  );
}
