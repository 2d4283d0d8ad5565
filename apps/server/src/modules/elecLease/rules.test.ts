import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/types.ts';
import { photoType } from './photos.ts';
import { localIdentityVerifier } from './identity.ts';
import { postJournal } from './ledger.ts';
import { startOf } from './contracts.service.ts';

describe('inspection photos by content', () => {
  it('knows JPEG, PNG and WebP by their first bytes and nothing else', () => {
    expect(photoType(Buffer.from([0xff, 0xd8, 0xff, 0xdb, 0]))).toBe('image/jpeg');
    expect(photoType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(photoType(Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WEBPVP8 ')]))).toBe('image/webp');
    expect(photoType(Buffer.concat([Buffer.from('RIFF'), Buffer.from([1, 2, 3, 4]), Buffer.from('WAVEfmt ')]))).toBe(null);
    expect(photoType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(null);
    expect(photoType(Buffer.from('GIF89a'))).toBe(null);
  });
});

describe('the local identity verifier', () => {
  it('checks the format only, and says so', async () => {
    expect(await localIdentityVerifier.verify('张三', '11010519491231002X')).toMatchObject({ status: 'formatChecked' });
    expect(await localIdentityVerifier.verify('阿卜杜·热合曼', '110105199003071239')).toMatchObject({ status: 'formatChecked' });
    expect(await localIdentityVerifier.verify('张三', '110105194912310021')).toEqual({ status: 'failed', note: '身份证号校验位不正确' });
    expect(await localIdentityVerifier.verify('Tom', '11010519491231002X')).toMatchObject({ status: 'failed' });
  });
});

describe('the ledger', () => {
  it('writes nothing for a journal whose debits and credits differ', async () => {
    const written: string[] = [];
    const q = { query: async (sql: string) => (written.push(sql), [{ id: 1 }]), exec: async () => {} } as unknown as Queryable;
    await expect(
      postJournal(q, 1, 1, '错账', [
        { account: 'receivable', debit: 100 },
        { account: 'income:rent', credit: 99 },
      ]),
    ).rejects.toThrow(/unbalanced/);
    await expect(
      postJournal(q, 1, 1, '小数', [
        { account: 'receivable', debit: 0.5 },
        { account: 'income:rent', credit: 0.5 },
      ]),
    ).rejects.toThrow(/unbalanced/);
    expect(written).toEqual([]);
    await postJournal(q, 1, 1, '租金', [
      { account: 'receivable', debit: 8800 },
      { account: 'income:rent', credit: 8800 },
    ]);
    expect(written).toHaveLength(2);
  });
});

describe('a lease dated back', () => {
  it('starts at the same time of day on an earlier Beijing day, at most 90 days back', () => {
    const now = Date.parse('2026-11-26T02:00:00Z'); // 10:00 in Beijing
    expect(startOf(undefined, now).getTime()).toBe(now);
    expect(startOf('2026-11-26', now).getTime()).toBe(now);
    expect(startOf('2026-11-18', now).toISOString()).toBe('2026-11-18T02:00:00.000Z');
    for (const bad of ['2026-11-27', '2026-08-27', '2026-02-30', 'yesterday']) expect(() => startOf(bad, now), bad).toThrow(/起租日期/);
  });
});
