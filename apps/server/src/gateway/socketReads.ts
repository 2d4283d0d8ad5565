import type { Socket } from 'node:net';

/**
 * What a connection's bytes are handed to: the first `length` bytes of `chunk`. `reused`: `chunk`
 * is read into again after this returns, so nothing may keep a view of it.
 */
export type OnBytes = (chunk: Buffer, length: number, reused: boolean) => void;

/** The one buffer every connection of this process reads into (a read is handled before the next). */
const READ_BUFFER = Buffer.allocUnsafe(64 * 1024);

/**
 * Views of READ_BUFFER's first n bytes, made once per length: the framer was handed a new
 * subarray at every read (~95 bytes a position, issue 33), and lone messages come in few lengths.
 */
const VIEWS: Buffer[] = [];
const MAX_VIEW_LENGTH = 2048;
const viewOf = (length: number) => (length <= MAX_VIEW_LENGTH ? (VIEWS[length] ??= READ_BUFFER.subarray(0, length)) : READ_BUFFER);

interface ReadSlots {
  buffer: symbol;
  callback: symbol;
}
let slots: ReadSlots | null | undefined;

/**
 * Reads a socket's bytes into one static buffer, with a callback (net's `onread`): no Buffer made
 * per read and no stream push and 'data' emit — at the pattern real fleets send, each message is
 * a read of its own (issue 33). A `net.Server` does not take `onread` for the sockets it accepts,
 * so the socket is switched over before its first read, through the same slots `onread` fills
 * (found by their names; where this Node has none, the socket's 'data' events serve instead).
 * `pause()`/`resume()` still stop and restart reading; the end of the stream still comes as 'end'.
 */
export function readInto(socket: Socket, onBytes: OnBytes): void {
  const handle = (socket as unknown as { _handle?: { useUserBuffer?: (buf: Uint8Array) => void } })._handle;
  slots ??= findSlots(socket);
  const own = socket as unknown as Record<symbol, unknown>;
  if (slots && typeof handle?.useUserBuffer === 'function' && own[slots.buffer] === null) {
    own[slots.buffer] = READ_BUFFER;
    own[slots.callback] = (nread: number) => onBytes(viewOf(nread), nread, true);
    handle.useUserBuffer(READ_BUFFER);
    return;
  }
  socket.on('data', (chunk: Buffer) => onBytes(chunk, chunk.length, false));
}

function findSlots(socket: Socket): ReadSlots | null {
  const own = Object.getOwnPropertySymbols(socket);
  const buffer = own.find((s) => s.description === 'kBuffer');
  const callback = own.find((s) => s.description === 'kBufferCb');
  return buffer && callback ? { buffer, callback } : null;
}
