import { describe, expect, it } from 'vitest';
import { DEFAULT_COLUMN_WIDTH, EXPAND_COLUMN_WIDTH, SELECTION_COLUMN_WIDTH, wideTable } from './wideTable.ts';

interface Row {
  plate: string;
  address: string;
}
const columns = [
  { title: '车牌号', dataIndex: 'plate', width: 120 },
  { title: '地址', dataIndex: 'address' },
  { title: '状态', dataIndex: 'state', width: '90px', ellipsis: false },
  { title: '操作', key: 'actions', width: 130, fixed: 'right' as const },
];

describe('wideTable', () => {
  it('scrolls exactly the sum of the widths, a missing width counted as the default one', () => {
    expect(wideTable<Row>(columns).scroll).toEqual({ x: 120 + DEFAULT_COLUMN_WIDTH + 90 + 130 });
    expect(wideTable<Row>(columns, { selectable: true }).scroll).toEqual({
      x: 120 + DEFAULT_COLUMN_WIDTH + 90 + 130 + SELECTION_COLUMN_WIDTH,
    });
    expect(wideTable<Row>(columns, { expandable: true }).scroll).toEqual({
      x: 120 + DEFAULT_COLUMN_WIDTH + 90 + 130 + EXPAND_COLUMN_WIDTH,
    });
    expect(wideTable<Row>(columns).columns!.map((c) => c.width)).toEqual([120, DEFAULT_COLUMN_WIDTH, 90, 130]);
  });
  it("cuts text with an ellipsis but never the actions, and keeps a column's own choice", () => {
    expect(wideTable<Row>(columns).columns!.map((c) => (c as { ellipsis?: boolean }).ellipsis)).toEqual([true, true, false, false]);
  });
  it('keeps the identity column at the left and the actions at the right', () => {
    expect(wideTable<Row>(columns).columns!.map((c) => c.fixed)).toEqual(['left', undefined, undefined, 'right']);
    expect(wideTable<Row>(columns, { identityColumn: false }).columns![0].fixed).toBeUndefined();
  });
  it('sticks the scrollbar to the visible page', () => {
    expect(wideTable<Row>(columns).sticky).toMatchObject({ getContainer: expect.any(Function) });
  });
});
