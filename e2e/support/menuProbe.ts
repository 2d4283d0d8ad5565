/** What the menus test (e2e/menus.e2e.ts) finds wrong on a page, each finding with the part's label. */
export interface PageFindings {
  /** Parts that show nothing where data belongs: a table without rows, a chart over nothing, an empty state. */
  empty: string[];
  /** Paged lists that do not open at page 1 with 10 rows a page (spec §3, §9). */
  paging: string[];
  /** How many paged lists the page shows (the paging check saw them). */
  pagers: number;
}

/**
 * Evaluated in a page's frame; gives its PageFindings. A string, not a function: tsx wraps named
 * inner functions in a helper the page does not have.
 *
 * Looked at, where visible (a hidden tab's content or a closed dropdown is not): antd tables,
 * empty states outside them, texts that begin with 暂无, charts (`data-chart-values`, set by
 * shared/charts/EChart.tsx: how many non-zero figures it draws), rows of figures that are all 0,
 * and paginations (active page 1, the size changer at 10 条/页, no more than 10 rows, and a full
 * page of 10 when there is a next one). A part is labelled by its nearest data-testid and card title.
 */
export const pageProbe = `(() => {
  const visible = (el) => {
    if (!el.getClientRects().length) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const overlay = (el) => !!el.closest('.ant-select-dropdown, .ant-popover, .ant-tooltip, .ant-dropdown, .ant-picker-dropdown');
  const shown = (selector) => [...document.querySelectorAll(selector)].filter((el) => visible(el) && !overlay(el));
  const label = (el) => {
    const testId = el.closest('[data-testid]')?.getAttribute('data-testid');
    const card = el.closest('.ant-card')?.querySelector('.ant-card-head-title')?.textContent?.trim();
    const tab = el.closest('.ant-tabs')?.querySelector('.ant-tabs-tab-active')?.textContent?.trim();
    return [testId, card, tab].filter(Boolean).join(' / ') || el.className.toString().slice(0, 60);
  };
  const rowsOf = (table) => table.querySelectorAll('.ant-table-tbody > tr.ant-table-row').length;
  const empty = [];
  const paging = [];
  for (const table of shown('.ant-table-wrapper')) {
    if (table.parentElement.closest('.ant-table-wrapper')) continue;
    if (rowsOf(table) === 0) empty.push('表格 ' + label(table));
  }
  for (const e of shown('.ant-empty')) {
    if (!e.closest('.ant-table-wrapper')) empty.push('空状态 ' + label(e) + ' ' + e.textContent.trim().slice(0, 40));
  }
  for (const el of shown('body *')) {
    if (el.children.length || el.closest('.ant-table-wrapper, .ant-empty, .ant-select, option')) continue;
    const text = (el.textContent || '').trim();
    if (text.startsWith('暂无')) empty.push('文字 ' + label(el) + ' ' + text.slice(0, 40));
  }
  for (const chart of shown('[_echarts_instance_]')) {
    if (chart.getAttribute('data-chart-values') === null || chart.getAttribute('data-chart-values') === '0') empty.push('图表 ' + label(chart));
  }
  const figures = shown('.ant-statistic-content-value').map((v) => v.textContent.trim());
  if (figures.length >= 3 && figures.every((f) => /^0(\\.0+)?%?$/.test(f))) empty.push('数字全为0 ' + figures.length + ' 项');
  const pagers = shown('.ant-pagination');
  for (const pager of pagers) {
    const where = label(pager);
    const input = pager.querySelector('.ant-pagination-simple-pager input');
    const page = (input ? input.value : (pager.querySelector('.ant-pagination-item-active')?.textContent ?? '1')).trim();
    if (page !== '1') paging.push(where + ' 打开在第 ' + page + ' 页');
    const size = pager.querySelector('.ant-pagination-options .ant-select-selection-item')?.textContent?.trim();
    if (size && size !== '10 条/页') paging.push(where + ' 每页 ' + size);
    const table = pager.closest('.ant-table-wrapper') ?? pager.parentElement?.querySelector('.ant-table-wrapper');
    if (!table) continue;
    const rows = rowsOf(table);
    const next = pager.querySelector('.ant-pagination-next');
    const more = next && !next.classList.contains('ant-pagination-disabled');
    if (rows > 10 || (more && rows !== 10)) paging.push(where + ' 第 1 页 ' + rows + ' 行');
  }
  return { empty, paging, pagers: pagers.length };
})()`;
