import type { Server } from 'node:http';

/**
 * Whether `server` accepted a connection, a request or an upgrade (a live feed) within the last
 * `quietMs`: the gateway's wake sharing takes no pause while the API serves someone
 * (gateway/wakeSharing.ts). Marked on the server's own events, in the turn they come in.
 */
export function servedWithin(server: Server, quietMs: number, clock: () => number = () => performance.now()): () => boolean {
  let last = -Infinity;
  const mark = () => {
    last = clock();
  };
  server.on('connection', mark);
  server.on('request', mark);
  server.on('upgrade', mark);
  return () => clock() - last < quietMs;
}
