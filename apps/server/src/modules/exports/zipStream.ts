import { once } from 'node:events';
import zlib from 'node:zlib';

/**
 * A ZIP file written entry by entry as the data comes (what an .xlsx is): each entry deflated
 * through zlib as its text is written, its CRC and sizes in a data descriptor after it (general
 * purpose flag bit 3), the central directory at the end. Nothing is held back: every compressed
 * byte goes to `out` as zlib makes it. Entries stay under 4 GB (no ZIP64), far above Excel's
 * 1 048 576 rows of a report.
 */

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL = 0x06054b50;
// Bit 3: sizes and CRC follow the data; bit 11: names are UTF-8.
const FLAGS = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

/** MS-DOS time and date, as ZIP headers keep them. */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((at.getFullYear() - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

export class ZipStream {
  private offset = 0;
  private readonly entries: Entry[] = [];
  private readonly stamp = dosTime(new Date());

  constructor(private readonly out: (chunk: Buffer) => void) {}

  /**
   * One entry: `body` writes its text; each write resolves once zlib has taken it (backpressure),
   * so a writer that awaits never runs ahead of the compression.
   */
  async entry(name: string, body: (write: (text: string) => Promise<void>) => Promise<void>): Promise<void> {
    const entry: Entry = { name: Buffer.from(name, 'utf8'), crc: 0, compressed: 0, size: 0, offset: this.offset };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(FLAGS, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt16LE(entry.name.length, 26);
    this.emit(Buffer.concat([header, entry.name]));

    const deflate = zlib.createDeflateRaw({ level: 6 });
    deflate.on('data', (chunk: Buffer) => {
      entry.compressed += chunk.length;
      this.emit(chunk);
    });
    const ended = once(deflate, 'end');
    await body(async (text) => {
      const bytes = Buffer.from(text, 'utf8');
      entry.crc = zlib.crc32(bytes, entry.crc);
      entry.size += bytes.length;
      if (!deflate.write(bytes)) await once(deflate, 'drain');
    });
    deflate.end();
    await ended;
    if (entry.size > 0xffffffff || entry.compressed > 0xffffffff) throw new Error(`zip entry ${name} over 4 GB`);

    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
    descriptor.writeUInt32LE(entry.crc >>> 0, 4);
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
    this.emit(descriptor);
    this.entries.push(entry);
  }

  /** A small entry written at once. */
  file(name: string, text: string): Promise<void> {
    return this.entry(name, (write) => write(text));
  }

  /** The central directory and its end record: the file is complete after this. */
  finish(): void {
    const start = this.offset;
    for (const e of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(CENTRAL_HEADER, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(FLAGS, 8);
      header.writeUInt16LE(DEFLATE, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(e.crc >>> 0, 16);
      header.writeUInt32LE(e.compressed, 20);
      header.writeUInt32LE(e.size, 24);
      header.writeUInt16LE(e.name.length, 28);
      header.writeUInt32LE(e.offset, 42);
      this.emit(Buffer.concat([header, e.name]));
    }
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(this.offset - start, 12);
    end.writeUInt32LE(start, 16);
    this.emit(end);
  }

  private emit(chunk: Buffer) {
    this.offset += chunk.length;
    this.out(chunk);
  }
}
