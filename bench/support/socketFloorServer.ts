/**
 * The socket floor's server (bench/socket-floor.bench.ts): the gateway's socket path with none of
 * the platform's work. `js`: each connection read as the gateway reads it (socketReads.readInto)
 * and the loop paused as the gateway pauses it (WakeSharing with a 100 ms batch); `native`: the
 * same batch and pause, the reads and writes through bench/support/socketFloor's addon. A read is
 * one message; every 100 ms each message waiting gets a 20-byte reply, as a flush's commit
 * answers. Reports `{ messages }` to its parent on request.
 */
import net from 'node:net';
import { createRequire } from 'node:module';
import { readInto } from '../../apps/server/src/gateway/socketReads.ts';
import { WakeSharing, DEFAULT_IDLE_PAUSE_MS } from '../../apps/server/src/gateway/wakeSharing.ts';

interface BatchSock {
  start(onBatch: (length: number) => void): ArrayBuffer;
  attach(fd: number, id: number): number;
  writeMany(records: Buffer, length: number): number;
}

const [mode, addonPath] = process.argv.slice(2);
const BATCH_MS = 100;
const REPLY = Buffer.from('7e8001000501234567890100000001020000017e', 'hex');
const REPLY_RECORD = 8 + ((REPLY.length + 3) & ~3);

const sockets: net.Socket[] = [];
const fds: number[] = [];
let waiting: number[] = [];
let dueAt: number | null = null;
let timer: NodeJS.Timeout | undefined;
let messages = 0;

const native = mode === 'native' ? (createRequire(import.meta.url)(addonPath!) as BatchSock) : null;
const records = Buffer.allocUnsafe(1 << 22);

function flush() {
  clearTimeout(timer);
  dueAt = null;
  const due = waiting;
  waiting = [];
  if (native) {
    let off = 0;
    for (const id of due) {
      if (off + REPLY_RECORD > records.length) off = (native.writeMany(records, off), 0);
      records.writeUInt32LE(fds[id]!, off);
      records.writeUInt32LE(REPLY.length, off + 4);
      REPLY.copy(records, off + 8);
      off += REPLY_RECORD;
    }
    native.writeMany(records, off);
  } else {
    for (const id of due) sockets[id]!.write(REPLY);
  }
}

const wake = new WakeSharing({
  pauseMs: DEFAULT_IDLE_PAUSE_MS,
  databaseBusy: () => false,
  batch: { dueInMs: () => (dueAt === null ? null : dueAt - performance.now()), flushWaiting: flush },
});

function received(id: number) {
  messages++;
  waiting.push(id);
  if (dueAt === null) {
    dueAt = performance.now() + BATCH_MS;
    timer = setTimeout(flush, BATCH_MS);
  }
}

if (native) {
  let view = Buffer.alloc(0);
  const shared = native.start((length) => {
    for (let off = 0; off < length;) {
      const id = view.readUInt32LE(off);
      const n = view.readInt32LE(off + 4);
      off += 8;
      if (n > 0) {
        received(id);
        off += (n + 3) & ~3;
      } else sockets[id]?.destroy();
    }
    wake.read();
  });
  view = Buffer.from(shared);
}

const server = net.createServer({ noDelay: true }, (socket) => {
  const id = sockets.length;
  sockets.push(socket);
  socket.on('error', () => {});
  const handle = (socket as unknown as { _handle: { fd: number; readStop(): void } })._handle;
  if (native) {
    socket.pause();
    handle.readStop();
    fds[id] = handle.fd;
    native.attach(handle.fd, id);
  } else {
    readInto(socket, () => {
      received(id);
      wake.read();
    });
  }
});
server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as net.AddressInfo).port }));
process.on('message', () => process.send!({ messages }));
