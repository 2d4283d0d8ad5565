import type { AddressInfo } from 'node:net';
import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const server = await startServer(config);
// The ports actually bound (0 in the configuration picks a free one).
const port = (server.app.server.address() as AddressInfo | null)?.port ?? config.port;
server.ctx.log.info({ port, terminalPorts: server.gateway?.ports, engine: server.ctx.db.engine, roles: config.roles }, '车联服务已启动');

// SIGTERM/SIGINT drain: nothing acknowledged is lost; terminals and browsers reconnect elsewhere.
let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await server.drain().catch((err) => server.ctx.log.error({ err }, '排空失败'));
    process.exit(0);
  });
}
