/**
 * Conformance against the shared reference vectors (../shared/data/protocol-vectors.json from
 * the repository root). The file is not part of this repository: when it is absent the suite
 * says so and skips. When present, it checks that our own fixtures still carry every vector
 * unchanged, and decodes each vector straight from the reference file.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { codecs } from './index.ts';
import type { ProtocolName } from './model.ts';
import { JT808_VECTORS } from './fixtures/jt808-vectors.ts';
import { GT06_VECTORS } from './fixtures/gt06-vectors.ts';
import { H02_VECTORS } from './fixtures/h02-vectors.ts';

const FILE = fileURLToPath(new URL('../../../../shared/data/protocol-vectors.json', import.meta.url));
const present = existsSync(FILE);

interface Vector {
  id: string;
  protocol: string;
  hex: string;
  expect: Record<string, unknown> & { location?: Record<string, number | string> };
}

const vectors: Vector[] = present ? JSON.parse(readFileSync(FILE, 'utf8')) : [];

if (!present) console.info(`protocol-vectors.json not found at ${FILE}: conformance suite skipped`);

const close = (a: number, b: number, tolerance: number) => expect(Math.abs(a - b)).toBeLessThanOrEqual(tolerance);

const title = present ? `conformance with ${FILE}` : `conformance skipped: ${FILE} is absent`;

describe.skipIf(!present)(title, () => {
  it('our fixtures carry every reference vector, unchanged', () => {
    const ours = new Map([...JT808_VECTORS, ...GT06_VECTORS, ...H02_VECTORS].map((v) => [v.id, v.hex]));
    for (const v of vectors) expect(ours.get(v.id), v.id).toBe(v.hex);
  });

  for (const v of vectors) {
    it(v.id, () => {
      const protocol = (v.protocol.startsWith('h02') ? 'h02' : v.protocol) as ProtocolName;
      const r = codecs[protocol].decode(Buffer.from(v.hex, 'hex'), { terminalId: 'session-id' });
      if (!r.ok) throw new Error(`${r.error.code}: ${r.error.detail}`);
      const e = v.expect;
      const [m] = r.value.messages;
      const p = m.positions?.[0];
      if (protocol === 'jt808') {
        expect(r.value.terminalId).toBe(e.phone);
        expect(r.value.serial).toBe(e.serial);
        expect(r.value.messageType).toBe(e.msgId);
        expect(r.value.checksumValid).toBe(e.checksumValid);
        const loc = e.location;
        if (loc) {
          close(p!.lat, loc.lat as number, 1e-6);
          close(p!.lon, loc.lon as number, 1e-6);
          expect(p!.time).toBe(Date.parse(loc.timeUtc as string));
          close(p!.speedKmh, loc.speedKmh as number, 1e-9);
          expect(p!.course).toBe(loc.direction);
          expect(p!.altitude).toBe(loc.altitudeM);
          expect(p!.extras.alarmWord).toBe(loc.alarm);
          expect(p!.extras.statusWord).toBe(loc.status);
        }
        const batch = e.batch as { items: unknown[] } | undefined;
        if (batch) expect(m.positions).toHaveLength(batch.items.length);
        if (e.reply8001_platformSerial0) expect(m.reply?.toString('hex')).toBe(e.reply8001_platformSerial0);
      } else if (protocol === 'gt06') {
        expect(r.value.checksumValid).toBe(e.crcValid);
        expect(r.value.serial).toBe(e.serial);
        expect(r.value.messageType).toBe(e.protocol);
        if (e.imei) expect(r.value.terminalId).toBe(e.imei);
        if (e.serverReply) expect(m.reply?.toString('hex')).toBe(e.serverReply);
        if (e.timeUtc) {
          expect(p!.time).toBe(Date.parse(e.timeUtc as string));
          close(p!.lat, e.lat as number, 1e-6);
          close(p!.lon, e.lon as number, 1e-6);
          expect(p!.valid).toBe(e.gpsFixed);
          expect(p!.course).toBe(e.course);
        }
      } else {
        expect(r.value.terminalId).toBe(e.id);
        expect(p!.time).toBe(Date.parse(e.timeUtc as string));
        expect(p!.valid).toBe(e.valid);
        close(p!.lat, e.lat as number, 1e-5);
        close(p!.lon, e.lon as number, 1e-5);
      }
    });
  }
});
