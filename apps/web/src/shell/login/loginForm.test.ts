import { describe, expect, it } from 'vitest';
import { fieldError, fieldErrors } from './loginForm.ts';
import { PHONE_PATTERN } from './useCountdown.ts';

const phone = { required: '请输入手机号', pattern: PHONE_PATTERN, patternMessage: '手机号格式不正确' };

describe('login field rules', () => {
  it('asks for an empty or missing value', () => {
    expect(fieldError('', { required: '请输入用户名' })).toBe('请输入用户名');
    expect(fieldError(undefined, { required: '请输入用户名' })).toBe('请输入用户名');
    expect(fieldError('admin', { required: '请输入用户名' })).toBeNull();
  });

  it('checks the pattern once there is a value', () => {
    expect(fieldError('', phone)).toBe('请输入手机号');
    expect(fieldError('1380013800', phone)).toBe('手机号格式不正确');
    expect(fieldError('13800138000', phone)).toBeNull();
  });

  it('checks only the fields asked for', () => {
    const rules = { phone, smsCode: { required: '请输入验证码' } };
    expect(fieldErrors({ phone: '13800138000' }, rules, ['phone'])).toEqual({ phone: null });
    expect(fieldErrors({ phone: '13800138000' }, rules, ['phone', 'smsCode'])).toEqual({ phone: null, smsCode: '请输入验证码' });
  });
});
