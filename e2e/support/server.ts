import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { e2eServer } from './e2eServer.ts';

/**
 * The latest SMS code the server's outbox file (DATA_DIR/sms-outbox.jsonl, beside the server's log
 * in the e2e folder; CHELIAN_E2E_DATA_DIR for a server already running) holds for a phone: codes
 * never go to the log.
 */
export async function smsCodeFor(phone: string, after = 0, timeoutMs = 10_000): Promise<string> {
  const outbox = path.join(process.env.CHELIAN_E2E_DATA_DIR ?? path.join(path.dirname(e2eServer().serverLog), 'data'), 'sms-outbox.jsonl');
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const lines = fs.existsSync(outbox) ? fs.readFileSync(outbox, 'utf8').split('\n') : [];
    for (let i = lines.length - 1; i >= 0; i--) {
      if (!lines[i].includes(phone)) continue;
      try {
        const entry = JSON.parse(lines[i]) as { time?: number; phone?: string; content?: string };
        const code = /验证码为(\d{4,8})/.exec(entry.content ?? '')?.[1];
        if (entry.phone === phone && code && (entry.time ?? 0) >= after) return code;
      } catch {
        /* a line being written */
      }
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no SMS code in the outbox for ${phone}`);
}

async function call<T>(path: string, init: RequestInit = {}): Promise<{ flag: number; msg: string; obj: T }> {
  const res = await fetch(`${e2eServer().baseUrl}${path}`, init);
  return (await res.json()) as { flag: number; msg: string; obj: T };
}

/** A password as the web app sends it: RSA PKCS#1 v1.5 with the server's public key, base64. */
export async function encryptPassword(password: string): Promise<string> {
  const config = await call<{ publicKey: string }>('/oauthToken/getConfig');
  return crypto
    .publicEncrypt({ key: config.obj.publicKey, padding: crypto.constants.RSA_PKCS1_PADDING }, Buffer.from(password))
    .toString('base64');
}

/** Logs in over HTTP like the web app (RSA PKCS#1 v1.5 password); returns the sessionId. */
export async function apiLogin(username = 'admin', password = e2eServer().adminPassword): Promise<string> {
  const cipher = await encryptPassword(password);
  const result = await call<{ sessionId: string }>('/oauth/v4/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: cipher }),
  });
  if (result.flag !== 1) throw new Error(`login failed: ${result.msg}`);
  return result.obj.sessionId;
}

export async function apiLogout(sessionId: string): Promise<void> {
  await call('/oauth/logout', { headers: { sessionId } });
}
