import { describe, expect, it } from 'vitest';
import { ShelfPacker } from './shelfPacker.ts';

describe('shelf packer', () => {
  it('fills a shelf left to right, then opens the next one below', () => {
    const p = new ShelfPacker(100, 50);
    expect(p.add(40, 20)).toEqual({ x: 0, y: 0 });
    expect(p.add(40, 20)).toEqual({ x: 41, y: 0 });
    expect(p.add(40, 20)).toEqual({ x: 0, y: 21 });
    expect(p.add(20, 18)).toEqual({ x: 41, y: 21 }); // no room left in the first; a little shorter fits the second
  });

  it('gives a much shorter or taller rectangle a shelf of its own', () => {
    const p = new ShelfPacker(100, 100);
    p.add(40, 30);
    expect(p.add(40, 8)).toEqual({ x: 0, y: 31 });
    expect(p.add(40, 40)).toEqual({ x: 0, y: 40 });
  });

  it('says when it is full, and takes rectangles again once cleared', () => {
    const p = new ShelfPacker(64, 32);
    expect(p.add(63, 15)).not.toBeNull();
    expect(p.add(63, 15)).not.toBeNull();
    expect(p.add(63, 15)).toBeNull();
    expect(p.add(65, 1)).toBeNull(); // wider than the atlas
    p.clear();
    expect(p.add(63, 15)).toEqual({ x: 0, y: 0 });
  });
});
