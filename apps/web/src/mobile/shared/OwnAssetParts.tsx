import { Suspense, type ReactNode } from 'react';
import { Badge, List } from 'antd-mobile';
import { beijingFormat } from '../../shared/format/beijingTime.ts';

/** The own-asset page's map (宠物, 电单车): the lazy map with a loading line, and what lies over it. */
export function AssetMapBox(p: { prefix: string; loading: string; children: ReactNode; over?: ReactNode }) {
  return (
    <div className={`${p.prefix}-map-box`}>
      <Suspense fallback={<div className={`${p.prefix}-map-wait`}>{p.loading}</div>}>{p.children}</Suspense>
      {p.over}
    </div>
  );
}

/** The list row to the asset's alarms (宠物's 消息, 电单车's 报警): the unhandled count and the latest one. */
export function AlarmsItem(p: {
  title: string;
  none: string;
  unhandled: number;
  latest: { typeName: string; time: number } | undefined;
  onClick(): void;
  testId: string;
}) {
  return (
    <List.Item
      onClick={p.onClick}
      extra={p.unhandled ? <Badge content={p.unhandled} /> : null}
      description={p.latest ? `${p.latest.typeName} · ${beijingFormat(p.latest.time, 'HH:mm')}` : p.none}
      data-testid={p.testId}
    >
      {p.title}
    </List.Item>
  );
}
