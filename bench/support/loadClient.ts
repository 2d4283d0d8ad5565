/**
 * One client process of bench/cluster-load.bench.ts: a slice of the simulated fleet (the
 * platform's own simulator, JT/T 808, `record` on) that reports through nginx from its own range
 * of loopback source addresses. One process holds at most its descriptor limit of sockets (the
 * hard limit is 20 000 here and cannot be raised inside the container), so 100 000 terminals take
 * several. Driven over the IPC channel:
 *   ← { type: 'ready' }
 *   → { type: 'start' }                     connect the slice at `connectRate` per second
 *   → { type: 'status' }  ← { type: 'status', online, acked, sent, reconnects, cpuMs, rssBytes }
 *   → { type: 'finish', ackedFile }
 *                         ← { type: 'finished', acknowledgedMessages, acknowledgedPositions, latency }
 * `finish` stops the slice, writes every acknowledged position as `identifier<TAB>epoch ms` lines to
 * `ackedFile` (the bench loads them into PostgreSQL and looks each one up) and answers with the
 * send → acknowledgement latencies as a histogram of whole milliseconds.
 * Exits when the bench goes away.
 */
import fs from 'node:fs';
import { Fleet, cityByName, planTerminals } from '../../packages/simulator/src/index.ts';

export interface LoadClientPlan {
  /** The whole fleet's size and seed: every client plans the same fleet and takes its slice. */
  total: number;
  seed: number;
  first: number;
  count: number;
  host: string;
  port: number;
  intervalSeconds: number;
  perAddress: number;
  /** Last byte of this slice's first source address (127.0.0.x). */
  sourceAddressStart: number;
  connectRate: number;
}

/** Latency counts by whole millisecond, as [ms, count] pairs (sparse: a run has a few thousand distinct values). */
export type LatencyHistogram = Array<[number, number]>;

function main() {
  const plan = JSON.parse(process.env.LOAD_CLIENT_PLAN ?? '') as LoadClientPlan;
  const specs = planTerminals({
    count: plan.total,
    protocol: 'jt808',
    seed: plan.seed,
    cities: ['深圳', '北京', '上海'].map((c) => cityByName(c)!),
  }).slice(plan.first, plan.first + plan.count);
  const fleet = new Fleet(specs, {
    host: plan.host,
    ports: { jt808: plan.port },
    intervalSeconds: plan.intervalSeconds,
    heartbeatSeconds: 60,
    tickSeconds: plan.intervalSeconds,
    record: true,
    perSourceAddress: plan.perAddress,
    sourceAddressStart: plan.sourceAddressStart,
    reconnectMinMs: 1000,
    reconnectMaxMs: 5000,
    ackTimeoutMs: 15_000,
    alarmRate: 0,
    driver: { startParked: false },
    connectRate: plan.connectRate,
  });

  const status = () => {
    let online = 0;
    let acked = 0;
    let sent = 0;
    let reconnects = 0;
    for (const t of fleet.terminals) {
      if (t.state === 'online') online++;
      acked += t.delivery.acked;
      sent += t.delivery.sent;
      reconnects += Math.max(0, t.stats.connects - 1);
    }
    const cpu = process.cpuUsage();
    return { type: 'status', online, acked, sent, reconnects, cpuMs: (cpu.user + cpu.system) / 1000, rssBytes: process.memoryUsage.rss() };
  };

  const finish = (ackedFile: string) => {
    fleet.stop();
    const counts = new Map<number, number>();
    const out = fs.openSync(ackedFile, 'w');
    let acknowledgedMessages = 0;
    let acknowledgedPositions = 0;
    let lines: string[] = [];
    for (const t of fleet.terminals) {
      for (const r of t.records ?? []) {
        if (!r.acked) continue;
        acknowledgedMessages++;
        if (r.ackMs !== undefined) counts.set(Math.round(r.ackMs), (counts.get(Math.round(r.ackMs)) ?? 0) + 1);
        for (const time of r.times) {
          lines.push(`${t.id}\t${time}\n`);
          acknowledgedPositions++;
        }
      }
      if (lines.length > 50_000) {
        fs.writeSync(out, lines.join(''));
        lines = [];
      }
    }
    fs.writeSync(out, lines.join(''));
    fs.closeSync(out);
    const latency: LatencyHistogram = [...counts.entries()].sort((a, b) => a[0] - b[0]);
    return { type: 'finished', acknowledgedMessages, acknowledgedPositions, latency };
  };

  process.on('disconnect', () => process.exit(0));
  process.on('message', (msg: { type: string; ackedFile?: string }) => {
    if (msg.type === 'start') void fleet.start();
    else if (msg.type === 'status') process.send!(status());
    else if (msg.type === 'finish') process.send!(finish(msg.ackedFile!));
  });
  process.send!({ type: 'ready' });
}

main();
