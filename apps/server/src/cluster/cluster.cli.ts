/**
 * `npm run cluster`: the platform as several processes behind nginx on this machine's PostgreSQL
 * and NATS — 2 gateways, 2 API processes and 1 jobs process (CLUSTER_GATEWAYS, CLUSTER_APIS,
 * CLUSTER_JOBS). nginx listens on the usual ports (PORT 8080, JT808_PORT 5015, GT06_PORT 5023,
 * H02_PORT 5013, …); the processes on free ports of 127.0.0.1. DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/chelian, created when missing), NATS_URL (default
 * nats://127.0.0.1:4222). Ctrl-C (or SIGTERM) stops everything it started.
 */
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { launchCluster, terminalProtocols } from './launchCluster.ts';
import { nginxMissing } from './nginxConfig.ts';

const env = process.env;
const count = (name: string, fallback: number) => Math.max(1, Number(env[name] ?? fallback) || fallback);
const databaseUrl = env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/chelian';
const natsUrl = env.NATS_URL || 'nats://127.0.0.1:4222';
const config = loadConfig();

const missing = nginxMissing();
if (missing) {
  console.error(`npm run cluster 需要 nginx：${missing}`);
  process.exit(1);
}

/** The database of DATABASE_URL, created on its server when it does not exist yet. */
async function ensureDatabase(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return;
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
}

await ensureDatabase(databaseUrl);
const terminalPorts = Object.fromEntries(terminalProtocols().map((p) => [p, config.ports[p as keyof typeof config.ports]]));
console.log(`启动集群：数据库 ${new URL(databaseUrl).host}${new URL(databaseUrl).pathname}，NATS ${natsUrl}`);
const cluster = await launchCluster({
  databaseUrl,
  natsUrl,
  natsPrefix: config.natsPrefix,
  dataDir: config.dataDir,
  listenHost: config.host,
  httpPort: config.port,
  terminalPorts,
  gateways: count('CLUSTER_GATEWAYS', 2),
  apis: count('CLUSTER_APIS', 2),
  jobs: count('CLUSTER_JOBS', 1),
  fileLimit: 19_000,
  onOutput: (name, line) => console.log(`[${name}] ${line}`),
});

console.log('\n集群已启动 (nginx 在前):');
console.log(`  HTTP + WebSocket  http://${config.host}:${config.port}`);
for (const [protocol, port] of Object.entries(terminalPorts)) console.log(`  ${protocol.padEnd(6)} 终端端口 ${port}`);
for (const p of cluster.processes) {
  const terminals = Object.entries(p.terminalPorts)
    .map(([k, v]) => `${k}:${v}`)
    .join(' ');
  console.log(`  ${p.name.padEnd(10)} pid ${p.child.pid}  http://127.0.0.1:${p.httpPort} (/metrics /readyz) ${terminals}`);
}
console.log(`  /metrics 需带 Authorization: Bearer ${cluster.metricsToken}（METRICS_TOKEN）`);
console.log('按 Ctrl-C 停止全部进程。\n');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n正在停止集群（各进程排空后退出）…');
    await cluster.stop();
    console.log('集群已停止。');
    process.exit(0);
  });
}
// A process that dies on its own is reported; nginx leaves it out until it is back.
for (const p of cluster.processes) void p.exited.then((code) => !stopping && console.error(`[${p.name}] 已退出 (${code})`));
