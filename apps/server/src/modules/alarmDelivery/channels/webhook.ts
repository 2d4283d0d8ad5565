import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isPrivateAddress } from './targetGuard.ts';
import { httpStatusText, networkErrorText, type SendResult } from './sendError.ts';

export const SIGNATURE_HEADER = 'X-Chelian-Signature';
export const TIMESTAMP_HEADER = 'X-Chelian-Timestamp';
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** 'sha256=<hex>' of HMAC-SHA256 over the raw body: what X-Chelian-Signature carries. */
export function signBody(secret: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export interface WebhookRequest {
  url: string;
  secret: string;
  /** the raw JSON text, signed as is */
  body: string;
  /** Unix seconds, the body's timestamp */
  timestamp: number;
  deliveryId: number;
  event: string;
  allowPrivate: boolean;
  timeoutMs?: number;
}

/**
 * One POST. 2xx is success; redirects are not followed (the signature is for this address); the
 * answer's body is read and dropped. Never throws: every failure is a SendResult in Chinese.
 */
export function postWebhook(req: WebhookRequest): Promise<SendResult> {
  const started = Date.now();
  const timeoutMs = req.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<SendResult>((resolve) => {
    let settled = false;
    const done = (r: Omit<SendResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      resolve({ ...r, durationMs: Date.now() - started });
    };
    let url: URL;
    try {
      url = new URL(req.url);
    } catch {
      return done({ ok: false, httpStatus: null, error: 'Webhook 地址格式不正确' });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return done({ ok: false, httpStatus: null, error: 'Webhook 地址须以 http:// 或 https:// 开头' });
    if (!req.allowPrivate && isLiteralPrivate(url.hostname))
      return done({ ok: false, httpStatus: null, error: networkErrorText({ code: 'EPRIVATETARGET' }) });
    const client = url.protocol === 'https:' ? https : http;
    const payload = Buffer.from(req.body, 'utf8');
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(req.allowPrivate),
        headers: {
          'Content-Type': 'application/json; charset=utf-8',
          'Content-Length': payload.length,
          'User-Agent': 'Chelian-Webhook/1',
          'X-Chelian-Event': req.event,
          'X-Chelian-Delivery': String(req.deliveryId),
          [TIMESTAMP_HEADER]: String(req.timestamp),
          [SIGNATURE_HEADER]: signBody(req.secret, req.body),
        },
      },
      (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        res.on('end', () =>
          done(
            status >= 200 && status < 300
              ? { ok: true, httpStatus: status, error: '' }
              : { ok: false, httpStatus: status, error: httpStatusText(status) },
          ),
        );
        res.on('error', (err) => done({ ok: false, httpStatus: status, error: networkErrorText(err) }));
      },
    );
    request.setTimeout(timeoutMs, () => {
      done({ ok: false, httpStatus: null, error: `请求超时（${Math.round(timeoutMs / 1000)}秒内无响应）` });
      request.destroy();
    });
    request.on('error', (err) => done({ ok: false, httpStatus: null, error: networkErrorText(err) }));
    request.end(payload);
  });
}

/** IP literals skip the lookup, so they are checked before connecting. */
function isLiteralPrivate(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '');
  return net.isIP(bare) !== 0 && isPrivateAddress(bare);
}
