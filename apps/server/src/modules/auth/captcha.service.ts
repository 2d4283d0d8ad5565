import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { CaptchaImage } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { captchaQueries } from './captcha.queries.ts';

export const CAPTCHA_TTL_SECONDS = 300;

/** Image captchas drawn here (svg-captcha, no outside service); single use, valid 5 minutes. */
export class CaptchaService {
  constructor(private readonly db: Db) {}

  /** A new captcha under a new key, its image as a data URL (the newer login screen). */
  async issue(): Promise<CaptchaImage> {
    const codeKey = randomBytes(16).toString('hex');
    const svg = await this.draw(codeKey);
    return { codeKey, image: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`, expiresInSeconds: CAPTCHA_TTL_SECONDS };
  }

  /** A new captcha under the key the older login screen made; the SVG itself, for its <img>. */
  draw(codeKey: string): Promise<string> {
    const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f3f6fb' });
    return captchaQueries.upsert(this.db, codeKey, captcha.text.toLowerCase(), CAPTCHA_TTL_SECONDS).then(() => captcha.data);
  }

  /** Consumes the captcha: right or wrong, the same key never works twice. */
  async verify(codeKey: string | undefined, code: string | undefined): Promise<boolean> {
    if (!codeKey || !code) return false;
    const row = await captchaQueries.take(this.db, codeKey);
    return !!row && row.live && row.answer === code.trim().toLowerCase();
  }

  /** For tests only: the answer of a live captcha, read from the database like an OCR would. */
  answerOf(codeKey: string): Promise<string | undefined> {
    return captchaQueries.answer(this.db, codeKey);
  }
}
