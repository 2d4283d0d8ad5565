import net from 'node:net';

/**
 * A TCP proxy the test owns, standing in for a database or NATS server that goes away: `cut()`
 * resets every connection through it and stops listening (the server "died"), `restore()` listens
 * again on the same port. The machine's PostgreSQL and NATS are shared with other work, so they
 * are never restarted themselves.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static async start(target: string): Promise<TcpProxy> {
    const u = new URL(target);
    const proxy = new TcpProxy(u.hostname, Number(u.port));
    await proxy.restore();
    return proxy;
  }

  /** The target URL with the proxy's address in it. */
  through(target: string): string {
    const u = new URL(target);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  async restore() {
    if (this.server) return;
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut() {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.resetAndDestroy();
    if (server) await new Promise((r) => server.close(r));
  }
}
