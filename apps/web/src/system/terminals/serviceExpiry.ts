import type { RenewUnit } from '@chelian/contracts';
import { DAY_MS } from '@chelian/contracts';

/** Whole days from now to the expiry (0 on its last day); once expired, minus the whole days since (-0 within the first day). */
export function daysLeft(expiresAt: number, now = Date.now()): number {
  return expiresAt >= now ? Math.floor((expiresAt - now) / DAY_MS) : -Math.floor((now - expiresAt) / DAY_MS);
}

/** How the expiry cell is coloured: expired, ending within 30 days (the home page's count), fine. */
export function expiryTone(expiresAt: number | null, now = Date.now()): 'expired' | 'soon' | 'ok' | 'none' {
  if (expiresAt === null) return 'none';
  if (expiresAt < now) return 'expired';
  return expiresAt < now + 30 * DAY_MS ? 'soon' : 'ok';
}

/**
 * Calendar months later as PostgreSQL adds an interval to a timestamptz in the server's UTC session:
 * a day past the new month's end is clamped to it (Jan 31 + 1 month = Feb 28), never rolled over.
 */
function monthsLater(ms: number, months: number): number {
  const d = new Date(ms);
  const day = d.getUTCDate();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(day, lastDay));
  return d.getTime();
}

/** The expiry after a renewal, as the server computes it: from the later of now and the current expiry, calendar months. */
export function renewedExpiry(current: number | null, count: number, unit: RenewUnit, now = Date.now()): number {
  return monthsLater(Math.max(now, current ?? now), unit === 'year' ? count * 12 : count);
}

/** The expiry after an activation, as the server computes it: the period from now, or a later expiry already set. */
export function activatedExpiry(current: number | null, count: number, unit: RenewUnit, now = Date.now()): number {
  return Math.max(renewedExpiry(null, count, unit, now), current ?? 0);
}
