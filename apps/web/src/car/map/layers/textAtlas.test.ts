import { describe, expect, it } from 'vitest';
import { TextAtlas, type Raster } from './textAtlas.ts';

/** A fake rasteriser: 10 px per character, 9 px tall, counting what it draws. */
function counting() {
  const drawn: string[] = [];
  const rasterise = (text: string): Raster => {
    drawn.push(text);
    return { width: text.length * 10, height: 9, data: new Uint8Array(text.length * 10 * 9 * 4) };
  };
  return { drawn, rasterise };
}

describe('text atlas', () => {
  it('draws each text once and packs it; the GL side gets each new entry once', () => {
    const r = counting();
    const atlas = new TextAtlas(64, r.rasterise);
    const [a, b] = atlas.place(['粤B1', '粤B2']);
    expect(a).toMatchObject({ text: '粤B1', x: 0, y: 0 });
    expect(b).toMatchObject({ text: '粤B2', x: 31, y: 0 });
    expect(atlas.takeUploads(false).map((e) => e.text)).toEqual(['粤B1', '粤B2']);
    expect(atlas.place(['粤B2', '粤B1']).map((e) => e?.x)).toEqual([31, 0]);
    expect(r.drawn).toEqual(['粤B1', '粤B2']);
    expect(atlas.takeUploads(false)).toEqual([]);
    expect(atlas.takeUploads(true)).toHaveLength(2); // a lost context: everything again
  });

  it('draws at most maxNew new texts per call; the rest come on a later call', () => {
    const r = counting();
    const atlas = new TextAtlas(256, r.rasterise);
    expect(atlas.place(['a', 'b', 'c'], 2).map((e) => e?.text)).toEqual(['a', 'b', undefined]);
    expect(atlas.overflowed).toBe(false); // the budget, not the room: ask again
    expect(atlas.place(['a', 'b', 'c'], 2).map((e) => e?.text)).toEqual(['a', 'b', 'c']);
    expect(r.drawn).toEqual(['a', 'b', 'c']);
  });

  it('when full, repacks with only the texts asked for, reusing their rasters', () => {
    const r = counting();
    // 64 × 64: six shelves of one 60 × 9 text each (plus the 1-px gaps)
    const atlas = new TextAtlas(64, r.rasterise);
    atlas.place(['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD', 'EEEEEE']);
    const before = atlas.generation;
    expect(atlas.cached).toBe(5);
    atlas.takeUploads(false);
    const placed = atlas.place(['BBBBBB', 'GGGGGG']);
    expect(placed.every(Boolean)).toBe(true);
    expect(atlas.generation).toBe(before); // still room: G went below the others
    const many = ['HHHHHH', 'IIIIII', 'BBBBBB'];
    const after = atlas.place(many);
    expect(after.map((e) => e?.text)).toEqual(many);
    expect(atlas.generation).toBe(before + 1);
    expect(atlas.cached).toBe(3); // A, C, D, E, G evicted
    expect(new Set(after.map((e) => `${e!.x},${e!.y}`)).size).toBe(3);
    expect(r.drawn.filter((t) => t === 'BBBBBB')).toHaveLength(1);
    expect(r.drawn.filter((t) => t === 'IIIIII')).toHaveLength(1); // drawn when full, packed after the repack
  });

  it('leaves out what does not fit even in an empty atlas', () => {
    const atlas = new TextAtlas(32, counting().rasterise);
    expect(atlas.place(['ab', 'cd', 'ef', 'gh', 'ij']).filter(Boolean)).toHaveLength(3);
    expect(atlas.overflowed).toBe(true); // asking again would not help
    atlas.place(['ab']);
    expect(atlas.overflowed).toBe(false);
  });
});
