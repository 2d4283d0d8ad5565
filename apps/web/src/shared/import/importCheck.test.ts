import { describe, expect, it } from 'vitest';
import { importCheckOf } from './importCheck.ts';

describe('importCheckOf', () => {
  it('counts the rows that passed and the faulty ones', () => {
    const rows = [
      { row: 2, staffNo: 'A1', ok: true, errors: [] },
      { row: 3, staffNo: '', ok: false, errors: ['工号不能为空'] },
      { row: 4, staffNo: 'A1', ok: false, errors: ['工号与第 2 行重复', '姓名不能为空'] },
    ];
    expect(importCheckOf(rows)).toEqual({ total: 3, valid: 1, invalid: 2, rows });
  });

  it('has nothing to import in an empty sheet', () => {
    expect(importCheckOf([])).toEqual({ total: 0, valid: 0, invalid: 0, rows: [] });
  });
});
