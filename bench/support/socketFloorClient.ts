/**
 * The socket floor's terminals (bench/socket-floor.bench.ts): `connections` sockets to the server,
 * each sending one 64-byte message per `interval` seconds at its own phase, counting the replies.
 * Tells its parent `{ connected }`, then `{ sent, replies }` on request.
 */
import net from 'node:net';

const [port, connections, intervalSeconds] = process.argv.slice(2).map(Number) as [number, number, number];
const MESSAGE = Buffer.alloc(64, 0x30);
const sockets: net.Socket[] = [];
let replies = 0;
let sent = 0;

for (let i = 0; i < connections; i++) {
  await new Promise<void>((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', resolve);
    socket.setNoDelay(true);
    socket.on('data', () => replies++);
    socket.once('error', reject);
    sockets.push(socket);
  });
}
process.send!({ connected: sockets.length });
const start = performance.now();
setInterval(() => {
  const due = Math.floor(((performance.now() - start) / (intervalSeconds * 1000)) * connections);
  for (; sent < due; sent++) sockets[sent % connections]!.write(MESSAGE);
}, 5);
process.on('message', () => process.send!({ sent, replies }));
