import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import { LEASE_RIDER_ERRORS, leaseRiderEndpoints, type RiderPayChannel } from '@chelian/contracts';
import { AppError } from '../../../http/errors.ts';
import { alipayProvider } from './alipay.ts';
import { demoPayProvider } from './demoPay.ts';
import type { OnlinePayProvider } from './provider.ts';
import { wechatPayProvider } from './wechatPay.ts';
import { wechatOauth, type WechatOauth } from './wechatOauth.ts';

/** The notification paths (public: the providers call them; each verifies the provider's signature). */
export const NOTIFY_PATHS = { wechat: leaseRiderEndpoints.wechatNotify.path, alipay: leaseRiderEndpoints.alipayNotify.path } as const;

export type OnlinePayments = Partial<Record<RiderPayChannel, OnlinePayProvider>>;

/** A PEM given inline (`…_KEY`) or as a file (`…_KEY_FILE`); keys stay in this process, never logged or sent. */
function pem(env: NodeJS.ProcessEnv, name: string): string | undefined {
  if (env[name]) return env[name]!.replace(/\\n/g, '\n');
  const file = env[`${name}_FILE`];
  return file ? fs.readFileSync(file, 'utf8') : undefined;
}

const publicKey = (text: string): KeyObject =>
  createPublicKey(text.includes('BEGIN') ? text : `-----BEGIN PUBLIC KEY-----\n${text.trim()}\n-----END PUBLIC KEY-----\n`);
const privateKey = (text: string): KeyObject =>
  createPrivateKey(text.includes('BEGIN') ? text : `-----BEGIN PRIVATE KEY-----\n${text.trim()}\n-----END PRIVATE KEY-----\n`);

/**
 * The merchant accounts this deployment has (environment, docs/payments.md): WeChat Pay when
 * WECHATPAY_MCHID and its keys are set, Alipay when ALIPAY_APP_ID and its keys are set.
 * PAY_NOTIFY_BASE_URL is the public https address the providers call back.
 */
export function paymentsFromEnv(env: NodeJS.ProcessEnv = process.env): OnlinePayments {
  const out: OnlinePayments = {};
  const notifyBase = (env.PAY_NOTIFY_BASE_URL ?? '').replace(/\/$/, '');
  const wxKey = pem(env, 'WECHATPAY_PRIVATE_KEY');
  const wxPublic = pem(env, 'WECHATPAY_PUBLIC_KEY');
  if (env.WECHATPAY_MCHID && env.WECHATPAY_APPID && env.WECHATPAY_SERIAL_NO && env.WECHATPAY_APIV3_KEY && wxKey && wxPublic) {
    out.wechat = wechatPayProvider({
      mchid: env.WECHATPAY_MCHID,
      appid: env.WECHATPAY_APPID,
      serialNo: env.WECHATPAY_SERIAL_NO,
      privateKey: privateKey(wxKey),
      apiV3Key: env.WECHATPAY_APIV3_KEY,
      platformPublicKey: publicKey(wxPublic),
      platformSerial: env.WECHATPAY_PUBLIC_KEY_ID ?? '',
      notifyUrl: `${notifyBase}${NOTIFY_PATHS.wechat}`,
      baseUrl: env.WECHATPAY_BASE_URL || 'https://api.mch.weixin.qq.com',
    });
  }
  const aliKey = pem(env, 'ALIPAY_PRIVATE_KEY');
  const aliPublic = pem(env, 'ALIPAY_PUBLIC_KEY');
  if (env.ALIPAY_APP_ID && aliKey && aliPublic) {
    out.alipay = alipayProvider({
      appId: env.ALIPAY_APP_ID,
      privateKey: privateKey(aliKey),
      alipayPublicKey: publicKey(aliPublic),
      gateway: env.ALIPAY_GATEWAY || 'https://openapi.alipay.com/gateway.do',
      notifyUrl: `${notifyBase}${NOTIFY_PATHS.alipay}`,
      sellerId: env.ALIPAY_SELLER_ID || undefined,
    });
  }
  return out;
}

/**
 * WeChat 网页授权 (the payer's openid for JSAPI inside WeChat): WECHATPAY_APPID is the official
 * account's app id, WECHAT_APPSECRET its secret. Without the secret, WeChat pays by H5 everywhere.
 */
export function wechatOauthFromEnv(env: NodeJS.ProcessEnv = process.env): WechatOauth | null {
  if (!env.WECHATPAY_APPID || !env.WECHAT_APPSECRET) return null;
  return wechatOauth({
    appId: env.WECHATPAY_APPID,
    secret: env.WECHAT_APPSECRET,
    apiBaseUrl: (env.WECHAT_API_BASE_URL || 'https://api.weixin.qq.com').replace(/\/$/, ''),
    authorizeUrl: env.WECHAT_OAUTH_AUTHORIZE_URL || 'https://open.weixin.qq.com/connect/oauth2/authorize',
  });
}

let configured: OnlinePayments | undefined;
let oauth: WechatOauth | null | undefined;

/** Replaces the deployment's 网页授权 (tests: pointed at the stand-in); undefined reads the environment again. */
export function setWechatOauth(o: WechatOauth | null | undefined) {
  oauth = o;
}

/** 网页授权, when WeChat Pay is offered and the official account's secret is set. */
export function wechatOauthFor(): WechatOauth | null {
  if (!providers().wechat) return null;
  if (oauth === undefined) oauth = wechatOauthFromEnv();
  return oauth;
}

/** Replaces the deployment's providers (tests: adapters pointed at local stand-ins). */
export function setOnlinePayments(p: OnlinePayments | undefined) {
  configured = p;
}

const providers = () => (configured ??= paymentsFromEnv());

/**
 * The provider of a channel: the merchant account configured for it; with none configured at
 * all, the demo's 模拟支付 in --demo; otherwise the Chinese refusal 未开通在线支付.
 */
export function providerFor(channel: RiderPayChannel, demo: boolean): OnlinePayProvider {
  const p = providers();
  const real = p[channel];
  if (real) return real;
  if (demo && !p.wechat && !p.alipay) return demoPayProvider;
  throw new AppError(LEASE_RIDER_ERRORS.payNotConfigured);
}

/** The provider an order was opened with (a notification names its provider by its path). */
export function providerById(id: string): OnlinePayProvider | undefined {
  if (id === 'demo') return demoPayProvider;
  return providers()[id as RiderPayChannel];
}

/** What the rider's page offers: the configured channels, or 模拟支付 in the demo. */
export function payChannels(demo: boolean): { channel: RiderPayChannel; name: string; demo: boolean }[] {
  const p = providers();
  const real = (['wechat', 'alipay'] as const).filter((c) => p[c]).map((c) => ({ channel: c, name: p[c]!.name, demo: false }));
  if (real.length) return real;
  return demo ? [{ channel: 'wechat', name: '模拟支付', demo: true }] : [];
}
