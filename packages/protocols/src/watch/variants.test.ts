/**
 * The watch protocol as other makers' watches write it: random valid reports from an
 * independent builder (fixtures/variants/watch.ts), several per TCP chunk and split across
 * chunks, decoded and compared field by field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeWatch } from './decode.ts';
import { createWatchFramer } from './framer.ts';
import { differences, frameInChunks } from '../fixtures/variants/common.ts';
import { watchFrame, watchId, watchReport } from '../fixtures/variants/watch.ts';

describe('watch variants', () => {
  it('decodes UD/UD2/UD_LTE/UD_WCDMA/AL/AL_LTE of any maker code, S/W, empty fields, cells and Wi-Fi', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ id: watchId, report: watchReport }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 1, maxLength: 5 }),
        (reports, cut) => {
          const built = reports.map(({ id, report }) => watchFrame(id, report));
          const stream = Buffer.concat(built.map((b) => b.bytes));
          const { frames, errors } = frameInChunks(createWatchFramer(), stream, cut);
          expect(errors).toEqual([]);
          expect(frames).toHaveLength(built.length);
          frames.forEach((frame, i) => {
            const r = decodeWatch(frame);
            if (!r.ok) throw new Error(r.error.detail);
            expect(r.value.lengthValid).toBe(true);
            const m = r.value.messages[0];
            const spec = reports[i].report;
            expect(m.terminalId).toBe(reports[i].id);
            expect(m.messageType).toBe(spec.type);
            expect(m.positions).toHaveLength(1);
            expect(differences(m.positions![0], built[i].fixes[0])).toEqual([]);
            expect(m.positions![0].altitude).toBe(spec.altitude ?? 0);
            expect(m.positions![0].extras.battery).toBe(spec.battery);
            expect(m.cells ?? []).toEqual(spec.cells.map((c) => ({ mcc: 460, mnc: 0, lac: c.lac, cellId: c.cid, rssi: c.rssi })));
            expect((m.detail?.wifi as unknown[] | undefined) ?? []).toEqual(spec.wifi);
            // Alarms are answered in the watch's own maker code (and index).
            if (spec.type.startsWith('AL'))
              expect(m.reply?.toString('latin1')).toMatch(new RegExp(`^\\[${spec.maker}\\*${reports[i].id}\\*`));
            else expect(m.reply).toBeUndefined();
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
