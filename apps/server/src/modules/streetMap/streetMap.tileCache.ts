/**
 * Tiles kept in memory as stored (gzip bytes, or null for a tile the build does not have), least
 * recently used out first, up to a byte budget. A build's tiles never change, so an entry is
 * never stale: a new import is a new build, new keys, and the old ones age out.
 */
export class TileCache {
  private readonly entries = new Map<string, Buffer | null>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  /** The cached tile, null for a known absence, undefined when not cached. */
  get(key: string): Buffer | null | undefined {
    const tile = this.entries.get(key);
    if (tile === undefined) return undefined;
    // Map keeps insertion order: moving the entry to the end makes the first the least recently used
    this.entries.delete(key);
    this.entries.set(key, tile);
    return tile;
  }

  set(key: string, tile: Buffer | null): void {
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.bytes -= cost(key, old);
      this.entries.delete(key);
    }
    this.entries.set(key, tile);
    this.bytes += cost(key, tile);
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= cost(k, v);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }
}

/** An entry's weight: its bytes and a rough allowance for the key and the Map's slot. */
const cost = (key: string, tile: Buffer | null) => (tile?.byteLength ?? 0) + key.length * 2 + 64;
