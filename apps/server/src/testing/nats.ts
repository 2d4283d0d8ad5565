import net from 'node:net';

function reachable(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const socket = net.connect({ host: u.hostname, port: Number(u.port || 4222) });
    socket.setTimeout(2000);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** '' when NATS_URL names a nats-server that answers; otherwise why NATS suites are skipped (printed). */
export async function natsSkipReason(suite: string): Promise<string> {
  const url = process.env.NATS_URL;
  const reason = !url ? 'NATS_URL is not set' : !(await reachable(url)) ? `no nats-server answers at ${url}` : '';
  if (reason) console.warn(`NATS bus suite skipped: ${reason} (${suite})`);
  return reason;
}
