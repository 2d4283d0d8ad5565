import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { writeOut } from './socketWrites.ts';

/** A connected pair on loopback: `ours` is the side written with writeOut, `theirs` the peer. */
async function pair() {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const accepted = new Promise<net.Socket>((r) => server.once('connection', r));
  const theirs = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
  await new Promise((r) => theirs.once('connect', r));
  const ours = await accepted;
  opened.push(server, ours, theirs);
  return { ours, theirs };
}
const opened: Array<net.Server | net.Socket> = [];
afterEach(() => {
  for (const o of opened.splice(0)) o instanceof net.Server ? o.close() : o.destroy();
});

/** Everything the peer reads until the connection ends. */
function readAll(socket: net.Socket) {
  const chunks: Buffer[] = [];
  socket.on('data', (c: Buffer) => chunks.push(c));
  return new Promise<Buffer>((r) => socket.once('end', () => r(Buffer.concat(chunks))));
}

const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) & 0xff));

describe('writeOut', () => {
  it('sends small writes in order, each taken at once', async () => {
    const { ours, theirs } = await pair();
    const got = readAll(theirs);
    const parts = [bytes(17, 1), bytes(30, 2), bytes(5, 3)];
    for (const p of parts) expect(writeOut(ours, p)).toBe(false);
    ours.end();
    expect(await got).toEqual(Buffer.concat(parts));
  });

  it('holds a write the kernel cannot take at once, keeps what follows behind it, and end() sends everything first', async () => {
    const { ours, theirs } = await pair();
    theirs.pause(); // the peer reads nothing yet: the socket's buffers fill
    const big = bytes(16 * 1024 * 1024, 4);
    const copy = Buffer.from(big);
    expect(writeOut(ours, big)).toBe(true);
    expect(ours.writableLength).toBe(0); // written to the handle, not through the stream
    const after = [bytes(40, 5), bytes(3, 6)];
    for (const p of after) expect(writeOut(ours, p)).toBe(true); // queued behind the big one
    // The stream's own write after them stays behind them too.
    const last = bytes(9, 7);
    ours.write(last);
    ours.end();
    const got = readAll(theirs);
    theirs.resume();
    expect((await got).equals(Buffer.concat([copy, ...after, last]))).toBe(true);
  });

  it('goes through the stream while the stream has its own bytes waiting', async () => {
    const { ours, theirs } = await pair();
    theirs.pause();
    const big = bytes(16 * 1024 * 1024, 8);
    ours.write(big); // the stream holds what the kernel did not take
    expect(ours.writableLength).toBeGreaterThan(0);
    const small = bytes(12, 9);
    expect(writeOut(ours, small)).toBe(true);
    ours.end();
    const got = readAll(theirs);
    theirs.resume();
    expect((await got).equals(Buffer.concat([big, small]))).toBe(true);
  });

  it('does not throw on a connection the peer reset: the socket is closed', async () => {
    const { ours, theirs } = await pair();
    ours.on('error', () => {});
    const closed = new Promise((r) => ours.once('close', r));
    theirs.resetAndDestroy();
    for (let i = 0; i < 200 && !ours.destroyed; i++) {
      writeOut(ours, bytes(64 * 1024, i));
      await new Promise((r) => setTimeout(r, 5));
    }
    await closed;
    expect(ours.destroyed).toBe(true);
  });
});
