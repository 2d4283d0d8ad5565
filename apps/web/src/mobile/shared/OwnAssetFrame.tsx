import type { ReactNode } from 'react';
import { Button, ErrorBlock, NavBar, Selector, Skeleton } from 'antd-mobile';
import { M } from '../app/texts.ts';

interface Props<T> {
  /** the owner's assets (null while loading) and the one shown */
  assets: readonly T[] | null | undefined;
  current: T | null | undefined;
  failed: boolean;
  reload(): unknown;
  select(id: number): void;
  idOf(asset: T): number;
  labelOf(asset: T): string;
  title: string;
  /** shown when the owner has none */
  none: string;
  noneHint: string;
  /** the page's class prefix (mp, mb) and test id */
  prefix: string;
  testId: string;
  columns: number;
  children(current: T): ReactNode;
}

/**
 * An owner's home tab (宠物, 电单车): loading, failed with 重试, none of theirs, else the title, a
 * picker when they have several, and the chosen one's page.
 */
export function OwnAssetFrame<T>(p: Props<T>) {
  if (p.failed)
    return (
      <ErrorBlock
        status="disconnected"
        title={M.shell.loadFailed}
        description={<Button onClick={() => void p.reload()}>{M.shell.retry}</Button>}
      />
    );
  if (!p.assets) return <Skeleton.Paragraph lineCount={8} animated />;
  if (!p.current) return <ErrorBlock status="empty" title={p.none} description={p.noneHint} />;
  const current = p.current;
  return (
    <div className={`${p.prefix}-page`} data-testid={p.testId}>
      <NavBar back={null}>{p.title}</NavBar>
      {p.assets.length > 1 && (
        <Selector
          className={`${p.prefix}-picker`}
          columns={Math.min(p.assets.length, p.columns)}
          options={p.assets.map((a) => ({ label: p.labelOf(a), value: p.idOf(a) }))}
          value={[p.idOf(current)]}
          onChange={(v) => v[0] !== undefined && p.select(v[0])}
        />
      )}
      {p.children(current)}
    </div>
  );
}
