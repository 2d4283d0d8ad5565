import { Descriptions, Table } from 'antd';
import type { AuditRecord } from '@chelian/contracts';
import { S } from '../messages.ts';

const A = S.audit;

const show = (value: unknown): string =>
  value === undefined ? '' : value === null ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** One entry unfolded: the fields changed, before and after (where the service told), and the input as sent. */
export function AuditDetail({ record }: { record: AuditRecord }) {
  const before = record.changes?.before ?? {};
  const after = record.changes?.after ?? {};
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((field) => show(before[field]) !== show(after[field]))
    .map((field) => ({ field, before: show(before[field]), after: show(after[field]) }));
  return (
    <div className="sys-audit-detail">
      {changed.length > 0 && (
        <Table
          size="small"
          rowKey="field"
          pagination={false}
          dataSource={changed}
          style={{ marginBottom: 8 }}
          columns={[
            { title: A.field, dataIndex: 'field', width: 160 },
            { title: A.before, dataIndex: 'before' },
            { title: A.after, dataIndex: 'after' },
          ]}
        />
      )}
      <Descriptions size="small" column={1} bordered title={A.input}>
        {Object.entries(record.input).map(([key, value]) => (
          <Descriptions.Item key={key} label={key}>
            {show(value)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {Object.keys(record.input).length === 0 && <span className="sys-muted">{A.noInput}</span>}
    </div>
  );
}
