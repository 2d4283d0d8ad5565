import zlib from 'node:zlib';
import { SHEET_LIMITS, SheetRefused } from './sheetLimits.ts';

/**
 * Looks through an uploaded .xlsx before anything loads it whole: reads the zip's central
 * directory, inflates every entry as a stream counting its bytes, and counts the row and cell
 * elements of the worksheets and shared strings as they go by. It stops at the first limit
 * crossed, so a 1 GB zip bomb costs 64 MB of inflating and a sheet of 3 000 000 rows the first
 * 10 050. It reads the entries the way JSZip (ExcelJS's loader) does: the last end record, the
 * central directory's sizes, each local header's name and extra fields.
 */

const END_OF_CENTRAL = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

interface ZipEntry {
  name: string;
  method: number;
  start: number;
  compressed: number;
}

const unreadable = () => new SheetRefused('unreadable');

function entriesOf(zip: Buffer): ZipEntry[] {
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END_OF_CENTRAL) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadable();
  const count = zip.readUInt16LE(end + 10);
  if (count > SHEET_LIMITS.zipEntries) throw new SheetRefused('unzippedTooLarge');
  const entries: ZipEntry[] = [];
  let at = zip.readUInt32LE(end + 16);
  for (let k = 0; k < count; k++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_HEADER) throw unreadable();
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) throw unreadable();
    const entry = {
      name: zip.toString('utf8', at + 46, at + 46 + nameLength),
      method: zip.readUInt16LE(at + 10),
      start: local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28),
      compressed: zip.readUInt32LE(at + 20),
    };
    // Stored or deflated only; a ZIP64 size (0xFFFFFFFF) runs past the end and is refused here too.
    if ((entry.method !== 0 && entry.method !== 8) || entry.start + entry.compressed > zip.length) throw unreadable();
    entries.push(entry);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return entries;
}

/** An entry's bytes as they inflate, in pieces of 64 KB; leaving the loop early ends the inflating. */
async function* inflated(zip: Buffer, entry: ZipEntry): AsyncGenerator<Buffer> {
  const data = zip.subarray(entry.start, entry.start + entry.compressed);
  if (entry.method === 0) {
    yield data;
    return;
  }
  const inflate = zlib.createInflateRaw({ chunkSize: 64 * 1024 });
  inflate.end(data);
  try {
    for await (const chunk of inflate) yield chunk as Buffer;
  } catch {
    throw unreadable();
  }
}

// A row, a cell or a shared string, with or without a namespace prefix (x:row).
const ELEMENT = /<(?:[A-Za-z_][\w.-]*:)?(row|c|si)[\s>/]/g;

/** Counts elements in text that arrives in pieces: an element name cut between two pieces is counted once. */
function elementCounter(onElement: (name: string) => void) {
  let tail = '';
  return (chunk: Buffer) => {
    const text = tail + chunk.toString('latin1');
    const lastOpen = text.lastIndexOf('<');
    const cut = lastOpen >= 0 && lastOpen > text.length - 64 ? lastOpen : text.length;
    ELEMENT.lastIndex = 0;
    for (let m = ELEMENT.exec(text); m && m.index < cut; m = ELEMENT.exec(text)) onElement(m[1]);
    tail = text.slice(cut);
  };
}

/** Throws SheetRefused at the first limit an .xlsx crosses; resolves when it is within all of them. */
export async function checkXlsxBounds(zip: Buffer): Promise<void> {
  let unzipped = 0;
  let cells = 0;
  for (const entry of entriesOf(zip)) {
    const isSheet = /^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name);
    const counted = isSheet || /^xl\/sharedStrings\.xml$/i.test(entry.name);
    let rows = 0;
    const count = elementCounter((name) => {
      if (name === 'row' && ++rows > SHEET_LIMITS.rowElements) throw new SheetRefused('tooManyRows');
      if (name !== 'row' && ++cells > SHEET_LIMITS.cells) throw new SheetRefused('tooManyCells');
    });
    for await (const chunk of inflated(zip, entry)) {
      unzipped += chunk.length;
      if (unzipped > SHEET_LIMITS.unzippedBytes) throw new SheetRefused('unzippedTooLarge');
      if (counted) count(chunk);
    }
  }
}
