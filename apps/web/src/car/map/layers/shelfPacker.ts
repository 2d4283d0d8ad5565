/**
 * Rectangles packed into a fixed-size atlas in shelves (rows): a rectangle goes to the first
 * shelf tall enough and not much taller that has room, else opens a new shelf below. Plates are
 * all one height, so shelves fill left to right with little waste. No single rectangle is ever
 * freed: when the atlas is full its owner clears it and packs again what it still needs.
 */
export class ShelfPacker {
  private shelves: Array<{ y: number; height: number; x: number }> = [];
  private bottom = 0;

  /** `gap` pixels are left right of and below each rectangle, so neighbours never bleed */
  constructor(
    readonly width: number,
    readonly height: number,
    private readonly gap = 1,
  ) {}

  /** Where a `w` × `h` rectangle goes, or null when the atlas has no room for it. */
  add(w: number, h: number): { x: number; y: number } | null {
    const needW = w + this.gap;
    const needH = h + this.gap;
    if (needW > this.width) return null;
    for (const shelf of this.shelves) {
      if (shelf.height >= needH && shelf.height <= needH * 1.5 && shelf.x + needW <= this.width) {
        const at = { x: shelf.x, y: shelf.y };
        shelf.x += needW;
        return at;
      }
    }
    if (this.bottom + needH > this.height) return null;
    this.shelves.push({ y: this.bottom, height: needH, x: needW });
    const at = { x: 0, y: this.bottom };
    this.bottom += needH;
    return at;
  }

  clear(): void {
    this.shelves = [];
    this.bottom = 0;
  }
}
