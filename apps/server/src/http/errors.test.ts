import { describe, expect, expectTypeOf, it } from 'vitest';
import { ELEC_GB_ERRORS, ELEC_LEASE_ERRORS, PET_ERRORS, type ErrorEntry } from '@chelian/contracts';
import { AppError, oneOfOrRefuse } from './errors.ts';

const KINDS = ['day', 'month'] as const;
const NAMES = { active: '已加入', left: '已退出' } as const;

/** The AppError a call throws (fails the test when it throws none or another). */
function refusal(call: () => unknown): AppError {
  try {
    call();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('oneOfOrRefuse: the closed-list refusal', () => {
  it('returns a word of a const list, narrowed to its union', () => {
    const kind = oneOfOrRefuse(KINDS, 'month', ELEC_LEASE_ERRORS.planKindUnknown, 'kind');
    expect(kind).toBe('month');
    expectTypeOf(kind).toEqualTypeOf<'day' | 'month'>();
  });

  it("returns a names record's key, narrowed to its keys", () => {
    const status = oneOfOrRefuse(NAMES, 'left', ELEC_LEASE_ERRORS.planKindUnknown, 'kind');
    expect(status).toBe('left');
    expectTypeOf(status).toEqualTypeOf<'active' | 'left'>();
  });

  it("refuses another word with its catalogue's entry and the word as the named placeholder", () => {
    const e = refusal(() => oneOfOrRefuse(KINDS, 'year', ELEC_LEASE_ERRORS.planKindUnknown, 'kind'));
    expect(e.entry).toBe(ELEC_LEASE_ERRORS.planKindUnknown);
    expect(e.message).toBe('不支持的方案类型：year');
  });

  it("refuses a record's inherited names (toString, constructor) and its values", () => {
    for (const word of ['toString', 'constructor', '__proto__', '已加入', ''])
      expect(refusal(() => oneOfOrRefuse(NAMES, word, ELEC_LEASE_ERRORS.planKindUnknown, 'kind')).entry).toBe(
        ELEC_LEASE_ERRORS.planKindUnknown,
      );
  });

  it("names the list's words joined with 、 when asked for them", () => {
    const e = refusal(() => oneOfOrRefuse(NAMES, 'gone', ELEC_GB_ERRORS.stateUnknown, { value: 'state', list: 'states' }));
    expect(e.message).toBe('不支持的备案状态：gone（可选 active、left）');
  });

  it("fills the text's other placeholders with the values given", () => {
    const e = refusal(() => oneOfOrRefuse(KINDS, 'cat', PET_ERRORS.badValue, { params: { field: '种类' } }));
    expect(e.message).toBe('种类填写不正确');
  });

  it('refuses a value that is not text, naming it as sent', () => {
    expect(refusal(() => oneOfOrRefuse(KINDS, 7, ELEC_LEASE_ERRORS.planKindUnknown, 'kind')).message).toBe('不支持的方案类型：7');
    expect(refusal(() => oneOfOrRefuse(KINDS, ['day'], ELEC_LEASE_ERRORS.planKindUnknown, 'kind')).entry).toBe(
      ELEC_LEASE_ERRORS.planKindUnknown,
    );
  });

  it('refuses with a text that names nothing', () => {
    const plain: ErrorEntry = { code: 'test.unknown', msg: '未知的类型', status: 400, flag: 0 };
    expect(refusal(() => oneOfOrRefuse(KINDS, 'x', plain)).message).toBe('未知的类型');
  });
});
