/**
 * A distance as every table, list and report shows it: km to two decimals, the precision the daily
 * figures are stored in (docs/reports.md), so a bike's 里程 reads the same in 行程, 运营统计 and 里程报表
 * — 516.00 beside 504.70, never 516 beside 504.7.
 */
export const kmText = (km: number) => km.toFixed(2);
