import { describe, expect, it } from 'vitest';
import { idCheckChar, idNumberProblem, isMobilePhone } from './chineseId.ts';

describe('GB 11643 identity number', () => {
  it('computes the check character of the standard’s worked example and of an X case', () => {
    // GB 11643-1999 appendix example: 11010519491231002X
    expect(idCheckChar('11010519491231002')).toBe('X');
    expect(idNumberProblem('11010519491231002X')).toBeNull();
    expect(idNumberProblem('11010519491231002x')).toBeNull();
    // widely cited sample 440524188001010014
    expect(idCheckChar('44052418800101001')).toBe('4');
    expect(idNumberProblem('440524188001010014')).toBe('birthDate'); // born 1880: before 1900 is refused
  });

  it('names what is wrong', () => {
    expect(idNumberProblem('11010519491231002')).toBe('length');
    expect(idNumberProblem('1101051949123100AX')).toBe('chars');
    expect(idNumberProblem('110105194913310021')).toBe('birthDate');
    expect(idNumberProblem('110105194902300021')).toBe('birthDate'); // 30 February
    expect(idNumberProblem('110105194912310021')).toBe('checkDigit');
    const future = `110105${new Date().getUTCFullYear() + 1}0101001`;
    expect(idNumberProblem(future + idCheckChar(future))).toBe('birthDate');
  });

  it('accepts a valid number for every check character', () => {
    for (let seq = 100; seq < 140; seq++) {
      const body = `32010219850615${seq}`;
      expect(idNumberProblem(body + idCheckChar(body))).toBeNull();
      const wrong = '0123456789X'.replace(idCheckChar(body), '')[0];
      expect(idNumberProblem(body + wrong)).toBe('checkDigit');
    }
  });

  it('checks a mobile number', () => {
    expect(isMobilePhone('13800138000')).toBe(true);
    expect(isMobilePhone('12800138000')).toBe(false);
    expect(isMobilePhone('1380013800')).toBe(false);
  });
});
