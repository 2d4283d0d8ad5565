import type { ReactNode } from 'react';
import { Card, Statistic, Typography } from 'antd';
import { R } from '../messages.ts';

/** The frame every report shares: title with the export button, filter bar, the range's totals, how to read it, then the table. */
export function ReportPage({
  title,
  testId,
  extra,
  filters,
  stats,
  note,
  children,
  freshness = R.common.freshness,
}: {
  title: string;
  testId: string;
  extra: ReactNode;
  filters: ReactNode;
  stats: Array<{ title: string; value: ReactNode; testId?: string }>;
  note?: string;
  children: ReactNode;
  /** How current the figures are: the daily rollup's delay by default. */
  freshness?: string;
}) {
  return (
    <Card variant="borderless" title={title} extra={extra} className="report-page" data-testid={testId}>
      {filters}
      <div className="report-stats">
        {stats.map((s) => (
          <div className="report-stat" key={s.title} data-testid={s.testId}>
            <Statistic title={s.title} value={s.value as string} />
          </div>
        ))}
      </div>
      <Typography.Paragraph type="secondary" className="report-freshness">
        {note ? `${note}${freshness}` : freshness}
      </Typography.Paragraph>
      {children}
    </Card>
  );
}
