import type { HTMLAttributes, ReactNode } from 'react';
import { Button, Empty, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ListView } from '../list/usePagedList.ts';
import { T } from '../i18n/messages.ts';
import { wideTable } from './wideTable.ts';
import './subProduct.css';

type TableExtras<Row> = Omit<
  TableProps<Row>,
  'columns' | 'dataSource' | 'pagination' | 'loading' | 'scroll' | 'sticky' | 'rowKey' | 'size'
>;

export interface ListCardProps<Row> {
  /** the card's title, at the toolbar's left */
  title?: ReactNode;
  /** the filters, after the title */
  filters?: ReactNode;
  /** the buttons, after the filters (新增, 导出 …) */
  actions?: ReactNode;
  /** between the toolbar and the table (a hint, tabs) */
  above?: ReactNode;
  /** a second toolbar, after `above`: the buttons of a page whose filters fill the first, a tab's own filters */
  secondBar?: ReactNode;
  /** what usePagedList / usePagedLoad answered (or any list in that shape) */
  list: ListView<Row>;
  columns: ColumnsType<Row>;
  rowKey: TableProps<Row>['rowKey'];
  size?: TableProps<Row>['size'];
  /** false for a table that fits anyway: its first column is not fixed (see wideTable) */
  identityColumn?: boolean;
  /** the rows' own height in px, scrolled within it under a fixed header (a table in a panel of set size) */
  height?: number;
  /** rowSelection, expandable, summary, onRow, data-testid … passed to the table */
  table?: TableExtras<Row> & { 'data-testid'?: string };
  /** a box around the table alone, for what the table does not take (pointer handlers that hold a live list still) */
  tableBox?: HTMLAttributes<HTMLDivElement> & { 'data-testid'?: string };
  /** the card's element: the sub-products' white card by default, 系统管理's scrolling card is `sys-main` */
  className?: string;
  testId?: string;
  /** without the card: a list inside a tab or a drawer that already has one */
  bare?: boolean;
  children?: ReactNode;
}

/** What the table says instead of rows when the newest load failed: the reason and 重试. */
function Failure({ error, retry }: { error: string; retry: () => void }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={error} data-testid="list-failure">
      <Button size="small" onClick={retry}>
        {T.common.retry}
      </Button>
    </Empty>
  );
}

/**
 * The frame of every list page: a card with the title, filters and buttons in one toolbar, then
 * the table on the wide-table rule (wideTable.ts) with the list's spinner, pager and failure.
 */
export function ListCard<Row extends object>({
  title,
  filters,
  actions,
  above,
  secondBar,
  list,
  columns,
  rowKey,
  size = 'middle',
  identityColumn,
  height,
  table = {},
  tableBox,
  className = 'sp-card',
  testId,
  bare,
  children,
}: ListCardProps<Row>) {
  const { locale, ...extras } = table;
  // antd adds its expand column only for a row's own detail (expandedRowRender): a tree (账户管理) opens from its first column
  const expandable = Boolean(table.expandable?.expandedRowRender);
  const fitted = wideTable(columns, { selectable: Boolean(table.rowSelection), expandable, identityColumn });
  // rows scrolled in a set height keep their header in view already: no sticky header against the page
  const layout = height === undefined ? fitted : { ...fitted, scroll: { ...fitted.scroll, y: height }, sticky: undefined };
  const toolbar = (title !== undefined || filters || actions) && (
    <div className="sp-toolbar">
      {title !== undefined && <span className="sp-title">{title}</span>}
      {filters}
      {actions}
    </div>
  );
  const grid = (
    <Table<Row>
      rowKey={rowKey}
      size={size}
      loading={list.loading}
      dataSource={list.rows}
      pagination={list.pager}
      locale={list.error ? { ...locale, emptyText: <Failure error={list.error} retry={() => void list.reload()} /> } : locale}
      {...layout}
      {...extras}
    />
  );
  const body = (
    <>
      {toolbar}
      {above}
      {secondBar && <div className="sp-toolbar">{secondBar}</div>}
      {tableBox ? <div {...tableBox}>{grid}</div> : grid}
      {children}
    </>
  );
  if (bare) return testId ? <div data-testid={testId}>{body}</div> : body;
  return (
    <section className={className} data-testid={testId}>
      {body}
    </section>
  );
}
