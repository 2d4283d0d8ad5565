import { parentPort } from 'node:worker_threads';
import { SheetRefused } from './sheetLimits.ts';
import { parseSheet } from './sheetParse.ts';
import { lowerThisThread } from '../../core/threadPriority.ts';

// A hostile file costs this thread's CPU, and only what the event loop and PostgreSQL leave.
const niceness = lowerThisThread();

/** The sheet worker (sheetPool.ts): ready once loaded, then one file at a time in, its rows or the reason it was refused out. */
parentPort!.on('message', async ({ content, fileName }: { content: Uint8Array; fileName: string }) => {
  try {
    const rows = await parseSheet(Buffer.from(content.buffer, content.byteOffset, content.byteLength), fileName);
    parentPort!.postMessage({ ok: true, rows });
  } catch (err) {
    parentPort!.postMessage({ ok: false, reason: err instanceof SheetRefused ? err.reason : 'unreadable' });
  }
});
parentPort!.postMessage({ ready: true, niceness });
