import type { TableProps } from 'antd';
import type { ColumnType, ColumnsType } from 'antd/es/table';

/** Width given to a column that declares none, so the sum below stays the table's real width. */
export const DEFAULT_COLUMN_WIDTH = 140;
/** antd's checkbox column (rowSelection), measured at 1366 × 768. */
export const SELECTION_COLUMN_WIDTH = 32;
/** antd's expand-icon column (expandable rows): its checkbox size plus the cell padding on both sides. */
export const EXPAND_COLUMN_WIDTH = 48;

/**
 * The element a list page scrolls in, which the sticky scrollbar follows: 系统管理's card
 * (`.sys-main`, system/system.css), else the sub-product's content (child/child.css); the shell's
 * pages scroll the window.
 */
function scrollContainer(): HTMLElement | Window {
  return document.querySelector<HTMLElement>('.sys-main') ?? document.querySelector<HTMLElement>('.cl-child-content') ?? window;
}

const widthOf = <T>(column: ColumnsType<T>[number]) =>
  typeof column.width === 'number' ? column.width : Number.parseFloat(String(column.width ?? '')) || DEFAULT_COLUMN_WIDTH;
const isActions = <T>(column: ColumnsType<T>[number]) => column.fixed === 'right' || column.key === 'actions';

/**
 * One rule for every list table that can be wider than a 1366 px screen:
 * - every column has a width, and `scroll.x` is exactly their sum (plus the checkbox or expand column), so
 *   antd neither squeezes a column nor wraps a cell into two lines;
 * - text cuts with an ellipsis and shows whole in its title; the actions column never cuts;
 * - the first column — the row's identity (plate, code, name) — stays at the left while the rest
 *   scrolls, beside the 操作 column fixed at the right;
 * - the horizontal scrollbar sticks to the bottom of the visible page (and the header to its top),
 *   so an operator sees at once that columns lie to the right, instead of finding the scrollbar
 *   only after the last row.
 * A column that sets `ellipsis` or `fixed` itself keeps its own choice.
 */
export function wideTable<T>(
  columns: ColumnsType<T>,
  options: { selectable?: boolean; expandable?: boolean; identityColumn?: boolean } = {},
): Pick<TableProps<T>, 'columns' | 'scroll' | 'sticky'> {
  const fitted = columns.map((column, index): ColumnsType<T>[number] => {
    const own = column as ColumnType<T>;
    return {
      ...column,
      width: widthOf(column),
      ellipsis: own.ellipsis ?? !isActions(column),
      fixed: column.fixed ?? (index === 0 && options.identityColumn !== false ? 'left' : undefined),
    };
  });
  const added = (options.selectable ? SELECTION_COLUMN_WIDTH : 0) + (options.expandable ? EXPAND_COLUMN_WIDTH : 0);
  const x = fitted.reduce((sum, column) => sum + widthOf(column), added);
  return { columns: fitted, scroll: { x }, sticky: { getContainer: scrollContainer } };
}
