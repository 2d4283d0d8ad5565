import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition, interpretResponse, RESOURCE_LIST_PATH, transportErrorText } from './interpret.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('request layer error catalogue (spec §8)', () => {
  it('unwraps flag 1 to obj', () => {
    const o = interpretResponse({ url: '/x', data: { flag: 1, msg: '操作成功', obj: { a: 1 } } });
    expect(o).toMatchObject({ kind: 'ok', value: { a: 1 } });
  });
  it('accepts code 0 and absent code', () => {
    expect(interpretResponse({ url: '/x', data: { code: 0, flag: 1, msg: '', obj: 2 } }).kind).toBe('ok');
  });
  it('rejects a nonzero code even with flag 1', () => {
    const o = interpretResponse({ url: '/x', data: { code: 500, flag: 1, msg: '服务繁忙', obj: null } });
    expect(o).toMatchObject({ kind: 'rejected', msg: '服务繁忙', code: 500 });
  });
  it('rejects other flags with the server msg, defaulting to 网络异常', () => {
    expect(interpretResponse({ url: '/x', data: { flag: 0, msg: '用户名或密码错误', obj: null } })).toMatchObject({
      kind: 'rejected',
      msg: '用户名或密码错误',
      flag: 0,
    });
    expect(interpretResponse({ url: '/x', data: { flag: 0, msg: '', obj: null } })).toMatchObject({ msg: '网络异常' });
  });
  it('keeps obj of a rejection (login asks for a captcha through it)', () => {
    const o = interpretResponse({ url: '/oauth/v4/token', data: { flag: 0, msg: '请输入验证码', obj: { captchaRequired: true } } });
    expect(o).toMatchObject({ kind: 'rejected', obj: { captchaRequired: true } });
  });
  it('marks 4010 as expired, silently on the resource-list call', () => {
    expect(interpretResponse({ url: '/car/v1/api/user/getUser.json', data: { flag: 4010, msg: '登录超时', obj: null } })).toEqual({
      kind: 'expired',
      silent: false,
    });
    expect(interpretResponse({ url: `${RESOURCE_LIST_PATH}?version=v4`, data: { flag: 4010, msg: '', obj: null } })).toEqual({
      kind: 'expired',
      silent: true,
    });
  });
  it('accepts a response without flag only when it is an Excel file, our binary format or a stored image', () => {
    const blob = new Blob(['x']);
    expect(interpretResponse({ url: '/e', data: blob, contentType: XLSX }).kind).toBe('ok');
    expect(interpretResponse({ url: '/e', data: blob, contentType: 'application/vnd.ms-excel' }).kind).toBe('ok');
    expect(
      interpretResponse({
        url: '/e',
        data: blob,
        contentType: 'application/octet-stream',
        contentDisposition: 'attachment; filename="a.xlsx"',
      }).kind,
    ).toBe('ok');
    expect(interpretResponse({ url: '/e', data: blob, contentType: 'application/pdf' })).toMatchObject({
      kind: 'rejected',
      msg: '网络异常',
    });
    // our own binary formats (track.bin), as the ArrayBuffer they are asked for
    const bytes = new ArrayBuffer(8);
    expect(interpretResponse({ url: '/t', data: bytes, contentType: 'application/vnd.chelian.track' })).toEqual({
      kind: 'ok',
      value: bytes,
    });
    expect(interpretResponse({ url: '/t', data: bytes, contentType: 'application/octet-stream' })).toMatchObject({ kind: 'rejected' });
    // a stored image (an inspection photo), as the bytes it is asked for; not any image type
    expect(interpretResponse({ url: '/p', data: bytes, contentType: 'image/png' })).toEqual({ kind: 'ok', value: bytes });
    expect(interpretResponse({ url: '/p', data: bytes, contentType: 'image/jpeg' })).toEqual({ kind: 'ok', value: bytes });
    expect(interpretResponse({ url: '/p', data: bytes, contentType: 'image/svg+xml' })).toMatchObject({ kind: 'rejected' });
    expect(interpretResponse({ url: '/e', data: { obj: 1 } })).toMatchObject({ kind: 'rejected' });
    expect(interpretResponse({ url: '/e', data: '<html>' })).toMatchObject({ kind: 'rejected', msg: '网络异常' });
  });
  it('reads file names from Content-Disposition', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E6%8A%A5%E8%A1%A8.xlsx")).toBe('报表.xlsx');
    expect(fileNameFromDisposition('attachment; filename="r.xls"')).toBe('r.xls');
    expect(fileNameFromDisposition(undefined)).toBe('');
  });
  it('shows transport failures in Chinese', () => {
    expect(transportErrorText({ message: 'timeout of 60000ms exceeded', code: 'ECONNABORTED' })).toContain('60 秒');
    expect(transportErrorText({ message: 'Network Error', code: 'ERR_NETWORK' })).toContain('网络连接失败');
    expect(transportErrorText({ message: 'Request aborted', code: 'ECONNABORTED' })).toBe('请求已中止');
    expect(transportErrorText({ message: 'whatever' })).toBe('网络异常');
  });
  it('uses the server msg of an HTTP error body, else 网络异常', () => {
    expect(transportErrorText({ status: 502, body: '<html>' })).toBe('网络异常');
    expect(transportErrorText({ status: 400, body: { flag: 0, msg: '参数错误' } })).toBe('参数错误');
  });
});
