import type { Socket } from 'node:net';

/** Node's write request for a stream handle (the object `socket.write` makes for each write). */
interface WriteReq {
  handle: unknown;
  oncomplete: (this: WriteReq, status: number) => void;
  async: boolean;
  bytes: number;
  buffer: Uint8Array | null;
  socket?: Socket;
}

interface StreamWrap {
  WriteWrap: new () => WriteReq;
  streamBaseState: Int32Array;
  kLastWriteWasAsync: number;
}

interface WritableHandle {
  writeBuffer(req: WriteReq, data: Uint8Array): number;
}

let wrap: StreamWrap | null | undefined;

/** A write the kernel did not take at once finished (libuv sent the rest): a failure closes the socket, as Node's own does. */
function done(this: WriteReq, status: number) {
  const socket = this.socket;
  this.socket = undefined;
  this.buffer = null;
  if (status < 0 && socket && !socket.destroyed) socket.destroy();
}

/**
 * Writes `bytes` to a connection straight to its handle, as `socket.write` does underneath, without
 * the Writable stream around it: at the pattern real fleets send every reply is a write of its own
 * (issue 33), and the stream's state, its callback tick and its bookkeeping cost more than the
 * handle's write (a micro-benchmark: ~2.0 → ~0.9 µs of user CPU a write). Returns whether the socket
 * still holds `bytes` (the kernel did not take all of it at once): the caller must then not change
 * them. Order is kept: whatever libuv still queues for the handle goes first, and while the stream
 * has anything of its own waiting (or the socket is not plainly open) the write goes through it.
 * `socket.end()` still sends everything written before it closes (the handle's shutdown waits for
 * its queue); a failed write destroys the socket, as the stream does.
 */
export function writeOut(socket: Socket, bytes: Buffer): boolean {
  const handle = (socket as unknown as { _handle?: Partial<WritableHandle> | null })._handle;
  wrap ??= findWrap();
  if (!wrap || typeof handle?.writeBuffer !== 'function' || socket.writableLength !== 0 || socket.connecting || !socket.writable) {
    socket.write(bytes);
    return socket.writableLength > 0;
  }
  const req = new wrap.WriteWrap();
  req.handle = handle;
  req.oncomplete = done;
  req.async = false;
  req.bytes = 0;
  req.buffer = null;
  const error = handle.writeBuffer(req, bytes);
  if (error !== 0) {
    socket.destroy();
    return false;
  }
  if (wrap.streamBaseState[wrap.kLastWriteWasAsync] === 0) return false;
  // The kernel took part of it: libuv writes the rest from these bytes, which must stay as they are.
  req.async = true;
  req.buffer = bytes;
  req.socket = socket;
  return true;
}

function findWrap(): StreamWrap | null {
  try {
    // The binding `socket.write` itself uses (Node's stream_base_commons); without it the stream serves.
    const binding = (process as unknown as { binding(name: string): Partial<StreamWrap> }).binding('stream_wrap');
    return typeof binding.WriteWrap === 'function' && binding.streamBaseState && typeof binding.kLastWriteWasAsync === 'number'
      ? (binding as StreamWrap)
      : null;
  } catch {
    return null;
  }
}
