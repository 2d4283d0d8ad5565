import { describe, expect, it } from 'vitest';
import { decodeGbk, encodeGbk, gbkAvailable } from './gbk.ts';

describe('GBK', () => {
  it('is available on this runtime (full ICU)', () => {
    expect(gbkAvailable).toBe(true);
  });

  it('encodes like the published samples', () => {
    expect(encodeGbk('粤A12345').toString('hex')).toBe('d4c1413132333435');
    expect(encodeGbk('HelloWorld 汉字 GBK 编码').toString('hex')).toBe('48656c6c6f576f726c6420babad7d62047424b20b1e0c2eb');
  });

  it('round-trips Chinese text', () => {
    const text = '车联：请于18:00前返回停车场，谢谢！';
    expect(decodeGbk(encodeGbk(text))).toBe(text);
  });

  it('writes ? for what GBK cannot hold', () => {
    expect(encodeGbk('a😀b').toString()).toBe('a?b');
  });
});
