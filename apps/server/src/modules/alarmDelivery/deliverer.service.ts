import type { FastifyBaseLogger } from 'fastify';
import type { AlarmPushMessage, PushTestResult, QueuedChannel } from '@chelian/contracts';
import { ALARM_PUSH_ERRORS } from '@chelian/contracts';
import type { Db } from '../../db/types.ts';
import { AppError } from '../../http/errors.ts';
import type { SmsGateway } from '../auth/sms.service.ts';
import { pathTokens } from '../../core/terminalScope.ts';
import { smsPhonesOf } from '../alarmSettings/alarmSettings.service.ts';
import type { TargetsRow } from '../alarmSettings/alarmSettings.queries.ts';
import { alarmSettingsQueries } from '../alarmSettings/alarmSettings.queries.ts';
import { alarmMessage, alarmSms, mqttTopic, testPayload, type AlarmPayload } from './alarmMessage.ts';
import { deliveryQueries, type DeliveryRow } from './delivery.queries.ts';
import { afterFailure, RETRY_DELAYS_MS } from './deliveryRules.ts';
import type { MqttPool } from './channels/mqttPool.ts';
import type { SendResult } from './channels/sendError.ts';
import { postWebhook } from './channels/webhook.ts';

export interface DelivererOptions {
  /** Customers' webhooks and brokers may be private addresses (PUSH_ALLOW_PRIVATE_TARGETS=1). */
  allowPrivateTargets: boolean;
  retryDelaysMs?: readonly number[];
  webhookTimeoutMs?: number;
  /** Deliveries sent at once. */
  batch?: number;
}

/** A 'sending' row this old belonged to a process that stopped mid-attempt. */
export const STALE_SENDING_MINUTES = 5;
const STALE_TEXT = '发送过程中断（服务重启），将重试';

/** What one attempt ends with, and whether trying again could help. */
type Outcome = SendResult & { target: string; final?: boolean };

const gone = (target: string, error: string): Outcome => ({ ok: false, httpStatus: null, error, durationMs: 0, target, final: true });

/**
 * Sends due deliveries (SMS through the SMS gateway, webhooks, MQTT) and records each attempt;
 * a failure is retried on RETRY_DELAYS_MS and given up after the last. Several processes may
 * run it: rows are claimed with SKIP LOCKED.
 */
export class AlarmDeliverer {
  constructor(
    private readonly db: Db,
    private readonly sms: SmsGateway,
    private readonly mqtt: MqttPool,
    private readonly log: FastifyBaseLogger,
    private readonly opts: DelivererOptions,
  ) {}

  /** The platform's own account (the root of the tree) may reach its own network. */
  private allowPrivate(accountPath: string) {
    return this.opts.allowPrivateTargets || pathTokens(accountPath).length <= 1;
  }

  /** Claims and sends one batch; returns how many were attempted. */
  async runDue(): Promise<number> {
    const rows = await deliveryQueries.claimDue(this.db, this.opts.batch ?? 20);
    await Promise.all(rows.map((row) => this.deliver(row)));
    return rows.length;
  }

  async requeueStale(): Promise<void> {
    await deliveryQueries.requeueStale(this.db, STALE_SENDING_MINUTES, STALE_TEXT);
  }

  private async deliver(row: DeliveryRow): Promise<void> {
    let outcome: Outcome;
    try {
      outcome = await this.attempt(row);
    } catch (err) {
      this.log.error({ err, deliveryId: row.id }, 'alarm delivery');
      outcome = { ok: false, httpStatus: null, error: '发送时发生内部错误', durationMs: 0, target: row.target };
    }
    const now = new Date();
    const next = outcome.ok
      ? null
      : outcome.final
        ? ({ status: 'failed' } as const)
        : afterFailure(row.attempts, now, this.opts.retryDelaysMs ?? RETRY_DELAYS_MS);
    await deliveryQueries.finish(this.db, {
      id: row.id,
      attempt: row.attempts,
      status: next ? next.status : 'sent',
      nextAt: next?.status === 'retrying' ? next.nextAt : null,
      target: outcome.target,
      httpStatus: outcome.httpStatus,
      error: outcome.error,
      durationMs: outcome.durationMs,
    });
    if (!outcome.ok)
      this.log.warn(
        { deliveryId: row.id, channel: row.channel, attempt: row.attempts, error: outcome.error, status: next?.status },
        'alarm delivery failed',
      );
  }

  private async attempt(row: DeliveryRow): Promise<Outcome> {
    const payload = row.payload as unknown as AlarmPayload;
    const message = { id: row.id, attempt: row.attempts };
    if (row.channel === 'sms') return { ...(await this.sendSms(row.target, alarmSms(payload))), target: row.target };
    // Webhooks and brokers are read at each attempt: a corrected address is used by the retries.
    const targets = await alarmSettingsQueries.targets(this.db, row.account_id);
    if (row.channel === 'webhook') {
      if (!targets?.webhook_url) return gone(row.target, 'Webhook 地址已删除，不再发送');
      return {
        ...(await this.sendWebhook(targets, alarmMessage(payload, message, new Date()), row.account_path)),
        target: targets.webhook_url,
      };
    }
    if (row.channel === 'mqtt') {
      if (!targets?.mqtt_url) return gone(row.target, 'MQTT 服务器已删除，不再发送');
      const topic = mqttTopic(targets.mqtt_topic_prefix, row.account_id, 'alarm', payload.alarm.terminalId);
      return {
        ...(await this.publishMqtt(
          row.account_id,
          row.account_path,
          targets,
          topic,
          JSON.stringify(alarmMessage(payload, message, new Date())),
        )),
        target: targets.mqtt_url,
      };
    }
    return gone(row.target, `不支持的推送渠道：${row.channel}`);
  }

  private async sendSms(phone: string, text: string): Promise<SendResult> {
    const started = Date.now();
    try {
      await this.sms.send(phone, text);
      return { ok: true, httpStatus: null, error: '', durationMs: Date.now() - started };
    } catch (err) {
      return {
        ok: false,
        httpStatus: null,
        error: `短信发送失败：${(err as Error).message}`.slice(0, 300),
        durationMs: Date.now() - started,
      };
    }
  }

  private sendWebhook(targets: TargetsRow, message: AlarmPushMessage, accountPath: string) {
    return postWebhook({
      url: targets.webhook_url,
      secret: targets.webhook_secret,
      body: JSON.stringify(message),
      timestamp: message.timestamp,
      deliveryId: message.deliveryId,
      event: message.event,
      allowPrivate: this.allowPrivate(accountPath),
      timeoutMs: this.opts.webhookTimeoutMs,
    });
  }

  private publishMqtt(accountId: number, accountPath: string, targets: TargetsRow, topic: string, body: string) {
    return this.mqtt.publish(
      accountId,
      { url: targets.mqtt_url, username: targets.mqtt_username, password: targets.mqtt_password },
      this.allowPrivate(accountPath),
      topic,
      body,
      1,
    );
  }

  /** The settings page's test button: one attempt now with a made-up alarm, nothing queued. */
  async sendTest(
    account: { accountId: number; accountName: string; accountPath: string },
    channel: QueuedChannel,
  ): Promise<PushTestResult> {
    const targets = await alarmSettingsQueries.targets(this.db, account.accountId);
    const payload = testPayload(account, new Date());
    const message = () => alarmMessage(payload, { id: 0, attempt: 1 }, new Date(), 'test');
    const notSet = (what: string) => new AppError(ALARM_PUSH_ERRORS.notConfigured, { params: { name: what } });
    let result: SendResult;
    let target: string;
    if (channel === 'sms') {
      const phones = targets ? smsPhonesOf(targets) : [];
      if (phones.length === 0) throw notSet('短信接收号码');
      target = phones[0];
      result = await this.sendSms(target, `【车联】这是一条报警推送测试短信，收到即表示短信推送设置正确。`);
    } else if (channel === 'webhook') {
      if (!targets?.webhook_url) throw notSet('Webhook地址');
      target = targets.webhook_url;
      result = await this.sendWebhook(targets, message(), account.accountPath);
    } else {
      if (!targets?.mqtt_url) throw notSet('MQTT服务器');
      const topic = mqttTopic(targets.mqtt_topic_prefix, account.accountId, 'test', payload.alarm.terminalId);
      target = `${targets.mqtt_url} ${topic}`;
      result = await this.publishMqtt(account.accountId, account.accountPath, targets, topic, JSON.stringify(message()));
    }
    return { ...result, channel, target };
  }
}
