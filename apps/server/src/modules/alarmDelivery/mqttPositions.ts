import { randomBytes } from 'node:crypto';
import type { LastPosition } from '@chelian/contracts';
import type { CoreContext } from '../../context.ts';
import { subjects } from '../../bus/subjects.ts';
import { alarmSettingsQueries, type PositionTargetRow } from '../alarmSettings/alarmSettings.queries.ts';
import { deliveryQueries } from './delivery.queries.ts';
import { mqttTopic } from './alarmMessage.ts';
import type { MqttPool } from './channels/mqttPool.ts';
import { pathTokens } from '../../core/terminalScope.ts';

const LEASE = 'mqtt-positions';
const LEASE_SECONDS = 45;
const RENEW_MS = 15_000;

/** An MQTT position message: `{prefix}/{accountId}/position/{terminalId}`. */
export interface PositionMessage {
  event: 'position';
  timestamp: number;
  account: { accountId: number; accountName: string };
  position: LastPosition;
}

interface Forward {
  key: string;
  unsubscribe: () => void;
}

/**
 * Positions to the MQTT brokers of accounts that chose them: live, at most once (QoS 0, nothing
 * queued: the next position follows in seconds), from one process at a time — a lease in the
 * database picks it, so several jobs processes do not publish each position twice.
 */
export function startMqttPositions(
  ctx: CoreContext,
  pool: MqttPool,
  opts: { allowPrivateTargets: boolean; renewMs?: number },
): () => Promise<void> {
  const holder = randomBytes(8).toString('hex');
  const forwards = new Map<number, Forward>();
  let leading = false;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const stopForwarding = () => {
    for (const f of forwards.values()) f.unsubscribe();
    forwards.clear();
  };

  const keyOf = (row: PositionTargetRow) =>
    [row.account_path, row.account_name, row.mqtt_url, row.mqtt_username, row.mqtt_password, row.mqtt_topic_prefix].join('\n');

  const forward = (row: PositionTargetRow): Forward => {
    const target = { url: row.mqtt_url, username: row.mqtt_username, password: row.mqtt_password };
    const allowPrivate = opts.allowPrivateTargets || pathTokens(row.account_path).length <= 1;
    const account = { accountId: row.account_id, accountName: row.account_name };
    let connecting = false;
    const unsubscribe = ctx.bus.subscribe<LastPosition>(subjects.liveOfScope('pos', row.account_path), (position) => {
      const client = pool.connectedNow(row.account_id);
      if (!client) {
        // Not connected: this position is dropped while a connection is opened for the next ones.
        if (!connecting) {
          connecting = true;
          pool
            .client(row.account_id, target, allowPrivate)
            .catch((err) => ctx.log.warn({ err, accountId: row.account_id }, 'mqtt positions: cannot connect'))
            .finally(() => (connecting = false));
        }
        return;
      }
      const message: PositionMessage = { event: 'position', timestamp: Math.floor(Date.now() / 1000), account, position };
      client.publish(
        mqttTopic(row.mqtt_topic_prefix, row.account_id, 'position', position.terminalId),
        JSON.stringify(message),
        { qos: 0 },
        () => {},
      );
    });
    return { key: keyOf(row), unsubscribe };
  };

  const refresh = async () => {
    leading = await deliveryQueries.holdLease(ctx.db, LEASE, holder, LEASE_SECONDS);
    if (!leading || stopped) return stopForwarding();
    const rows = await alarmSettingsQueries.positionTargets(ctx.db);
    const wanted = new Map(rows.map((r) => [r.account_id, r]));
    for (const [accountId, f] of forwards) {
      if (!wanted.has(accountId)) {
        f.unsubscribe();
        forwards.delete(accountId);
      }
    }
    for (const row of rows) {
      const current = forwards.get(row.account_id);
      if (current?.key === keyOf(row)) continue;
      current?.unsubscribe();
      forwards.set(row.account_id, forward(row));
    }
  };

  const run = () => {
    running = running.then(refresh).catch((err) => ctx.log.error({ err }, 'mqtt positions'));
    return running;
  };
  void run();
  const timer = setInterval(run, opts.renewMs ?? RENEW_MS);
  const offChanges = ctx.bus.subscribe(subjects.allAlarmPushChanges, () => void run());
  return async () => {
    stopped = true;
    clearInterval(timer);
    offChanges();
    await running;
    stopForwarding();
    if (leading) await deliveryQueries.releaseLease(ctx.db, LEASE, holder).catch(() => {});
  };
}
