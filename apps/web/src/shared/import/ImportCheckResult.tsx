import { useState } from 'react';
import { Alert, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ImportRowCheck } from '@chelian/contracts';
import { T } from '../i18n/messages.ts';
import type { ImportCheck, ImportRowVerdict } from './importCheck.ts';
import './importCheck.css';

const I = T.importCheck;

/** The columns that name a row of the fleet's sheets (vehicles, terminals, 新国标 bikes): 设备号 and 车牌号. */
export const FLEET_ROW_COLUMNS: ColumnsType<ImportRowCheck> = [
  { title: I.terminal, dataIndex: 'terminalId', width: 170 },
  { title: I.plate, dataIndex: 'plate', width: 120 },
];

/**
 * What a sheet import's check (or its refusal) said of each row: the count, then the rows with
 * their Chinese reasons, 50 to a page, the faulty ones alone at first. The columns that name a row
 * (设备号, 工号, …) are the caller's; 行号 and 校验结果 are this one's. Give it a `key` that changes
 * with the file so the filter starts over.
 */
export function ImportCheckResult<R extends ImportRowVerdict>({ checked, columns }: { checked: ImportCheck<R>; columns: ColumnsType<R> }) {
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
          <Switch size="small" checked={onlyErrors} onChange={setOnlyErrors} data-testid="import-only-errors" />
          {I.onlyErrors}
        </Space>
      )}
      <Table<R>
        size="small"
        rowKey="row"
        dataSource={rows}
        pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ y: 320 }}
        data-testid="import-rows"
        columns={[
          { title: I.row, dataIndex: 'row', width: 70 },
          ...columns,
          {
            title: I.result,
            key: 'result',
            render: (_, r) => (r.ok ? <Tag color="success">{I.ok}</Tag> : <span className="cl-import-errors">{r.errors.join('；')}</span>),
          },
        ]}
      />
    </Space>
  );
}
