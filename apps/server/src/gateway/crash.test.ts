import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { jt808Codec, encodeJt808Location } from '@chelian/protocols/jt808/index.ts';
import { createTestDb, pgliteTemplate, testEngine } from '../testing/testDb.ts';
import { openPglite } from '../db/pglite.ts';
import type { Db } from '../db/types.ts';
import { TestTerminal, signInJt808 } from '../testing/testTerminal.ts';

const T0 = Date.UTC(2026, 5, 1);
const FRAMES = 3000;
const KILL_AFTER_ACKS = 600;

/** Starts the gateway process; resolves with it and its port once it listens. */
function startChild(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../testing/gatewayProcess.ts')], {
    env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line).port);
    });
    child.on('exit', (code) => reject(new Error(`gateway process exited early (${code})`)));
  });
  return { child, port };
}

describe('crash safety', () => {
  it('loses no position whose reply was sent when the gateway is SIGKILLed mid-ingest', async () => {
    let db: Db | undefined;
    let env: Record<string, string>;
    let pgliteDir = '';
    if (testEngine() === 'postgres') {
      const testDb = await createTestDb();
      db = testDb;
      env = { DATABASE_URL: testDb.connectionString! };
    } else {
      pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chelian-crash-'));
      const template = path.join(pgliteDir, 'template.tar.gz');
      fs.writeFileSync(template, Buffer.from(await (await pgliteTemplate()).arrayBuffer()));
      env = { PGLITE_DIR: path.join(pgliteDir, 'data'), PGLITE_TEMPLATE: template, DATABASE_URL: '' };
    }
    const { child, port } = startChild(env);
    try {
      const term = await TestTerminal.connect(await port, jt808Codec);
      const phone = { phone: '013600000001' };
      await signInJt808(term, phone.phone);
      const acked = new Set<number>();
      const reading = (async () => {
        for (;;) {
          const frame = await term.next(20_000).catch(() => null);
          if (!frame) return;
          const r = jt808Codec.decode(frame);
          const key = r.ok ? r.value.messages[0]?.commandReply?.replyKey : undefined;
          if (key) acked.add(Number(key));
          if (acked.size === KILL_AFTER_ACKS) child.kill('SIGKILL');
        }
      })();
      for (let s = 1; s <= FRAMES && !term.closed; s++) {
        const ok = term.socket.write(
          encodeJt808Location(phone, s, {
            time: T0 + s * 1000,
            lat: 22 + s / 1e4,
            lon: 114,
            valid: true,
            speedKmh: 30,
            course: 0,
            altitude: 0,
          }),
        );
        if (!ok) await new Promise((r) => (term.socket.once('drain', r), term.socket.once('close', r)));
      }
      await reading;
      expect(acked.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
      expect(acked.size).toBeLessThan(FRAMES); // the kill did land mid-ingest
      await new Promise((r) => (child.exitCode !== null || child.signalCode ? r(null) : child.once('exit', r)));

      if (pgliteDir) db = await openPglite(path.join(pgliteDir, 'data'));
      const stored = new Set(
        (await db!.query<{ t: Date }>('SELECT gps_time AS t FROM positions')).map((r) => Math.round((r.t.getTime() - T0) / 1000)),
      );
      const lost = [...acked].filter((s) => !stored.has(s));
      expect(lost).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      await db?.close();
      if (pgliteDir) fs.rmSync(pgliteDir, { recursive: true, force: true });
    }
  }, 180_000);
});
