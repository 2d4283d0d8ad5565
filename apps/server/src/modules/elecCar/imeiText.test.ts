import { describe, expect, it } from 'vitest';
import { imeiFromText } from './imeiText.ts';

describe('the IMEI of a binding, typed or scanned', () => {
  it('takes typed digits as they are', () => {
    expect(imeiFromText(' 868120145233801 ')).toBe('868120145233801');
    expect(imeiFromText('013880000001')).toBe('013880000001');
  });

  it('reads the IMEI out of what QR codes hold', () => {
    expect(imeiFromText('IMEI:868120145233801')).toBe('868120145233801');
    expect(imeiFromText('IMEI=868120145233801;SN=A2391;V=1.2')).toBe('868120145233801');
    expect(imeiFromText('https://bind.example.com/d?imei=868120145233801&t=1700000000123')).toBe('868120145233801');
    expect(imeiFromText('SN 20240101 868120145233801 12345678901')).toBe('868120145233801');
  });

  it('finds nothing where there is no identifier', () => {
    expect(imeiFromText('hello')).toBeNull();
    expect(imeiFromText('12345')).toBeNull();
    expect(imeiFromText('12345678901 10987654321')).toBeNull();
  });
});
