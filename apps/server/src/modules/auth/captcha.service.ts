import { randomBytes } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { CaptchaImage } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { authQueries } from './auth.queries.ts';

export const CAPTCHA_TTL_SECONDS = 300;

/** Image captchas drawn here (svg-captcha, no outside service); single use, valid 5 minutes. */
export class CaptchaService {
  constructor(private readonly db: Db) {}

  async issue(): Promise<CaptchaImage> {
    const captcha = svgCaptcha.create({ size: 4, noise: 2, ignoreChars: '0oO1ilI', color: true, background: '#f3f6fb' });
    const codeKey = randomBytes(16).toString('hex');
    await authQueries.insertCaptcha(this.db, codeKey, captcha.text.toLowerCase(), CAPTCHA_TTL_SECONDS);
    return {
      codeKey,
      image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}`,
      expiresInSeconds: CAPTCHA_TTL_SECONDS,
    };
  }

  /** Consumes the captcha: right or wrong, the same key never works twice. */
  async verify(codeKey: string | undefined, code: string | undefined): Promise<boolean> {
    if (!codeKey || !code) return false;
    const row = await authQueries.takeCaptcha(this.db, codeKey);
    return !!row && row.live && row.answer === code.trim().toLowerCase();
  }

  /** For tests only: the answer of a live captcha, read from the database like an OCR would. */
  async answerOf(codeKey: string): Promise<string | undefined> {
    return (await this.db.one<{ answer: string }>('SELECT answer FROM captchas WHERE code_key = $1', [codeKey]))?.answer;
  }
}
