import { describe, expect, it } from 'vitest';
import { lateEvents, type ForwardRule } from './lateReplay.ts';

/** A fix at minute `time`, inside the zone or not. */
interface Fix {
  time: number;
  inside: boolean;
}

/** Inside/outside without smoothing (the geofences' rule): the first fix sets the side, each change raises. */
const plain: ForwardRule<boolean | null, Fix, 'exit' | 'enter'> = {
  start: null,
  step: (side, f) => ({ state: f.inside, event: side === null || side === f.inside ? null : f.inside ? 'enter' : 'exit' }),
};

/** A change confirmed only by two fixes in a row (the pet zones' smoothing, reduced). */
const confirmed: ForwardRule<{ side: boolean | null; streak: number }, Fix, 'exit' | 'enter'> = {
  start: { side: null, streak: 0 },
  step: (s, f) => {
    if (s.side === null || s.side === f.inside) return { state: { side: f.inside, streak: 0 }, event: null };
    if (s.streak + 1 < 2) return { state: { side: s.side, streak: s.streak + 1 }, event: null };
    return { state: { side: f.inside, streak: 0 }, event: f.inside ? 'enter' : 'exit' };
  },
};

const fixes = (spec: string, from: number, every = 1): Fix[] => [...spec].map((c, i) => ({ time: from + i * every, inside: c === 'i' }));
const shown = (events: Array<{ kind: string; fix: Fix }>) => events.map((e) => [e.kind, e.fix.time]);

describe('late fixes judged by replaying the rule', () => {
  it('out and back between two fixes inside: both crossings, at the fixes that show them', () => {
    expect(
      shown(
        lateEvents(
          plain,
          [
            { time: 0, inside: true },
            { time: 10, inside: true },
          ],
          fixes('ioi', 2, 2),
        ),
      ),
    ).toEqual([
      ['exit', 4],
      ['enter', 6],
    ]);
  });

  it('the return not in the upload is raised at the next judged fix', () => {
    expect(
      shown(
        lateEvents(
          plain,
          [
            { time: 0, inside: true },
            { time: 10, inside: true },
          ],
          fixes('io', 2, 2),
        ),
      ),
    ).toEqual([
      ['exit', 4],
      ['enter', 10],
    ]);
  });

  it('neighbours on different sides: the crossing was raised live, the upload only moves it — nothing', () => {
    expect(
      lateEvents(
        plain,
        [
          { time: 0, inside: true },
          { time: 10, inside: false },
        ],
        fixes('ioo', 2, 2),
      ),
    ).toEqual([]);
    // An excursion before the live exit: the exit it shows is new, the live one stays where it was.
    expect(
      shown(
        lateEvents(
          plain,
          [
            { time: 0, inside: true },
            { time: 10, inside: false },
          ],
          fixes('oi', 2, 2),
        ),
      ),
    ).toEqual([
      ['exit', 2],
      ['enter', 4],
    ]);
  });

  it('a later part of the upload showing the return earlier raises nothing more', () => {
    const judged = [
      { time: 0, inside: true },
      { time: 4, inside: false },
      { time: 16, inside: true },
    ];
    expect(lateEvents(plain, judged, fixes('oi', 12, 2))).toEqual([]);
  });

  it('the upload sent again raises nothing; nothing judged before it, nothing raised', () => {
    const upload = fixes('ioi', 2, 2);
    const judged = [{ time: 0, inside: true }, ...upload, { time: 10, inside: true }];
    expect(lateEvents(plain, judged, upload)).toEqual([]);
    expect(lateEvents(plain, [{ time: 10, inside: true }], fixes('oi', 2, 2))).toEqual([]);
  });

  it('with confirmation, one stray fix outside raises nothing; two in a row, and two back, raise both', () => {
    const judged = [...fixes('ii', 0), ...fixes('ii', 20)];
    expect(lateEvents(confirmed, judged, fixes('ioii', 5))).toEqual([]);
    expect(shown(lateEvents(confirmed, judged, fixes('iooii', 5)))).toEqual([
      ['exit', 7],
      ['enter', 9],
    ]);
    // Back for one fix only: confirmed by the judged fix after the upload.
    expect(shown(lateEvents(confirmed, judged, fixes('ooi', 5)))).toEqual([
      ['exit', 6],
      ['enter', 20],
    ]);
  });
});
