import { describe, expect, it } from 'vitest';
import { activatedExpiry, daysLeft, expiryTone, renewedExpiry } from './serviceExpiry.ts';
import { DAY_MS } from '@chelian/contracts';

const NOW = new Date(2026, 10, 25, 12, 0, 0).getTime();

describe('service expiry', () => {
  it('counts whole days left, negative once expired', () => {
    expect(daysLeft(NOW + 3 * DAY_MS + 5, NOW)).toBe(3);
    expect(daysLeft(NOW + 1000, NOW)).toBe(0);
    expect(daysLeft(NOW - 2 * DAY_MS, NOW)).toBe(-2);
    expect(daysLeft(NOW - 3 * DAY_MS + 60_000, NOW)).toBe(-2);
    expect(Object.is(daysLeft(NOW - 60_000, NOW), -0)).toBe(true);
  });

  it('marks expired, ending within 30 days, and no expiry', () => {
    expect(expiryTone(null, NOW)).toBe('none');
    expect(expiryTone(NOW - 1, NOW)).toBe('expired');
    expect(expiryTone(NOW + 29 * DAY_MS, NOW)).toBe('soon');
    expect(expiryTone(NOW + 31 * DAY_MS, NOW)).toBe('ok');
  });

  it('renews from the later of now and the current expiry', () => {
    expect(renewedExpiry(new Date(2027, 0, 31).getTime(), 1, 'year', NOW)).toBe(new Date(2028, 0, 31).getTime());
    expect(renewedExpiry(NOW - 100 * DAY_MS, 6, 'month', NOW)).toBe(new Date(2027, 4, 25, 12).getTime());
    expect(renewedExpiry(null, 3, 'month', NOW)).toBe(new Date(2027, 1, 25, 12).getTime());
  });

  it('clamps a month end as PostgreSQL does (Jan 31 + 1 month = Feb 28), where the browser would roll into March', () => {
    const jan31 = Date.UTC(2027, 0, 31, 4, 0, 0);
    expect(renewedExpiry(jan31, 1, 'month', NOW)).toBe(Date.UTC(2027, 1, 28, 4, 0, 0));
    expect(renewedExpiry(Date.UTC(2027, 7, 31, 4), 1, 'month', NOW)).toBe(Date.UTC(2027, 8, 30, 4));
    expect(renewedExpiry(Date.UTC(2028, 1, 29, 4), 1, 'year', NOW)).toBe(Date.UTC(2029, 1, 28, 4));
  });

  it('activates from now for the period, keeping a later expiry already set', () => {
    expect(activatedExpiry(null, 1, 'year', NOW)).toBe(new Date(2027, 10, 25, 12).getTime());
    expect(activatedExpiry(NOW + 30 * DAY_MS, 1, 'year', NOW)).toBe(new Date(2027, 10, 25, 12).getTime());
    expect(activatedExpiry(new Date(2029, 0, 1).getTime(), 1, 'year', NOW)).toBe(new Date(2029, 0, 1).getTime());
  });
});
