import { ShelfPacker } from './shelfPacker.ts';

/** A text drawn once, in device pixels, premultiplied RGBA (what MapLibre's blending expects). */
export interface Raster {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface AtlasEntry {
  text: string;
  x: number;
  y: number;
  raster: Raster;
}

/**
 * Texts (plates, cluster counts) rasterised once each and packed into one texture. An entry
 * stays cached while there is room, so a plate seen again costs nothing; when the atlas is full
 * it is repacked with only the texts asked for in that call (the labels on screen now) and
 * uploaded whole. The GL side takes the new entries' pixels with `takeUploads`.
 */
export class TextAtlas {
  private readonly packer: ShelfPacker;
  private entries = new Map<string, AtlasEntry>();
  private pending: AtlasEntry[] = [];
  /** drawn in this call but not packed yet (the atlas was full): reused by the repack */
  private unpacked = new Map<string, Raster>();
  /** bumped on a repack: every entry moved, so the texture is rewritten whole */
  generation = 0;
  /** the last `place` left texts out for want of room (not of its drawing budget): asking again will not help */
  overflowed = false;

  constructor(
    readonly size: number,
    private readonly rasterise: (text: string) => Raster,
  ) {
    this.packer = new ShelfPacker(size, size);
  }

  get cached(): number {
    return this.entries.size;
  }

  /**
   * The entries for `texts` (same order), rasterising at most `maxNew` texts not cached yet;
   * those beyond it, or that do not fit even after a repack, are undefined (ask again later).
   */
  place(texts: readonly string[], maxNew = Infinity): Array<AtlasEntry | undefined> {
    this.overflowed = false;
    const placed = this.tryPlace(texts, maxNew);
    if (!placed.full) return placed.entries;
    // full: keep only what this call needs; rasters already drawn are reused, not redrawn
    const keep = new Map<string, AtlasEntry>();
    for (const e of placed.entries) if (e) keep.set(e.text, e);
    this.packer.clear();
    this.entries = new Map();
    this.pending = [];
    this.generation++;
    for (const e of keep.values()) this.pack(e.text, e.raster);
    const again = this.tryPlace(texts, maxNew - placed.drawn);
    this.unpacked.clear();
    this.overflowed = again.full;
    return again.entries;
  }

  /** The entries whose pixels the texture lacks (all of them after a repack or a lost context). */
  takeUploads(all: boolean): AtlasEntry[] {
    const out = all ? [...this.entries.values()] : this.pending;
    this.pending = [];
    return out;
  }

  /** Forgets every text (e.g. the pixel ratio changed, so every raster is the wrong size). */
  clear(): void {
    this.packer.clear();
    this.entries = new Map();
    this.pending = [];
    this.generation++;
  }

  private tryPlace(texts: readonly string[], maxNew: number) {
    let drawn = 0;
    let full = false;
    const entries = texts.map((text) => {
      const cached = this.entries.get(text);
      if (cached || full) return cached;
      let raster = this.unpacked.get(text);
      if (!raster) {
        if (drawn >= maxNew) return undefined;
        drawn++;
        raster = this.rasterise(text);
      }
      const entry = this.pack(text, raster);
      if (!entry) {
        full = true;
        this.unpacked.set(text, raster);
      }
      return entry;
    });
    return { entries, drawn, full };
  }

  private pack(text: string, raster: Raster): AtlasEntry | undefined {
    const at = this.packer.add(raster.width, raster.height);
    if (!at) return undefined;
    const entry = { text, x: at.x, y: at.y, raster };
    this.entries.set(text, entry);
    this.pending.push(entry);
    return entry;
  }
}
