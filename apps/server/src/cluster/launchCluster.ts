/**
 * Several server processes behind nginx on one machine (`npm run cluster`, the cluster tests and
 * benches): gateways, API processes and a jobs process sharing one PostgreSQL database and one
 * NATS, each on private ports; nginx in front balances the terminal ports (TCP) and HTTP with the
 * live WebSocket. Stopping the cluster stops every process it started (SIGTERM: each drains).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from '../gateway/connectionLimits.ts';
import { freePort } from '../testing/freePort.ts';
import { NGINX_BIN, nginxConfig, type NginxSite } from './nginxConfig.ts';
import { SERVER_NODE_FLAGS } from '../nodeFlags.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

export type ClusterRole = 'gateway' | 'api' | 'jobs';

export interface ClusterOptions {
  databaseUrl: string;
  natsUrl: string;
  natsPrefix?: string;
  /** Data folder of every process (initial admin password file) and of nginx's files. */
  dataDir: string;
  /** The public side (nginx): HTTP and one port per terminal protocol. */
  listenHost?: string;
  httpPort: number;
  terminalPorts: Record<string, number>;
  gateways?: number;
  apis?: number;
  jobs?: number;
  /** How a server process is run: the build's main.js (default apps/server/dist) or the sources under tsx. */
  runtime?: { kind: 'built'; dir?: string } | { kind: 'tsx' };
  /** Extra environment for every server process. */
  env?: NodeJS.ProcessEnv;
  /** Each process's output lines, prefixed with its name (default: dropped). */
  onOutput?: (name: string, line: string) => void;
  /** Per-process open-file limit (raised with `ulimit -n` when above the default); nginx's workers get it too. */
  fileLimit?: number;
  /** nginx worker processes (default 4); each holds two descriptors per terminal it proxies. */
  nginxWorkers?: number;
  /** Extra node options for every server process (a bench's `--cpu-prof`). */
  nodeArgs?: string[];
  /**
   * Terminal connections per client address, counted by nginx (`limit_conn`; default the gateway's
   * own default, 0: none). The gateways behind it see every connection come from nginx, so theirs is off.
   */
  maxConnectionsPerAddress?: number;
}

export interface ClusterProcess {
  name: string;
  role: ClusterRole;
  /** Its own HTTP port (API, or the gateway's health port) and, for a gateway, its terminal ports. */
  httpPort: number;
  terminalPorts: Record<string, number>;
  child: ChildProcess;
  exited: Promise<number | null>;
  /** The last lines it printed, for a failing test's message. */
  output(): string;
}

export interface Cluster {
  processes: ClusterProcess[];
  /** The bearer token every process's /metrics wants (METRICS_TOKEN, or one made for this run). */
  metricsToken: string;
  nginx: ChildProcess;
  byName(name: string): ClusterProcess;
  /** Starts a process of that name again (after a kill), on the same ports. */
  restart(name: string): Promise<ClusterProcess>;
  /** SIGTERM to every process (they drain), nginx last; resolves when all have exited. */
  stop(): Promise<void>;
}

/** The terminal protocols this build serves (config.ts ports), with their environment variable. */
export function terminalProtocols(): string[] {
  return Object.keys(loadConfig({}, []).ports);
}

const portEnv = (protocol: string) => `${protocol.toUpperCase()}_PORT`;

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, failed?: () => string | null) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed?.();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`${what}: not ready in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const readyz = async (port: number) => (await fetch(`http://127.0.0.1:${port}/readyz`)).ok;

/**
 * Ends the cluster's processes if the launcher dies without stopping them (SIGKILL, a test worker
 * torn down): a detached shell that polls the launcher and then kills every pid listed in
 * `pidFile` (kept current as processes are restarted). cluster.stop() ends the watchdog first.
 */
function startWatchdog(pidFile: string): ChildProcess {
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; for p in $(cat '${pidFile}' 2>/dev/null); do kill -9 $p 2>/dev/null; done`;
  const dog = spawn('bash', ['-c', script], { detached: true, stdio: 'ignore' });
  dog.unref();
  return dog;
}

export async function launchCluster(opts: ClusterOptions): Promise<Cluster> {
  const protocols = Object.keys(opts.terminalPorts);
  const runtime = opts.runtime ?? { kind: 'built' };
  const metricsToken = opts.env?.METRICS_TOKEN || process.env.METRICS_TOKEN || randomBytes(16).toString('hex');
  const entry =
    runtime.kind === 'tsx'
      ? ['--import', 'tsx', path.join(repoRoot, 'apps/server/src/main.ts')]
      : [path.join(runtime.dir ?? path.join(repoRoot, 'apps/server/dist'), 'main.js')];
  const nginxDir = path.join(opts.dataDir, 'nginx');
  fs.mkdirSync(path.join(nginxDir, 'tmp'), { recursive: true });
  fs.chmodSync(path.join(nginxDir, 'tmp'), 0o777); // nginx's workers run as an unprivileged user when started as root

  const plan: Array<{ name: string; role: ClusterRole; httpPort: number; terminalPorts: Record<string, number> }> = [];
  const add = async (role: ClusterRole, count: number) => {
    for (let i = 1; i <= count; i++) {
      const terminalPorts: Record<string, number> = {};
      if (role === 'gateway') for (const p of protocols) terminalPorts[p] = await freePort();
      plan.push({ name: `${role}-${i}`, role, httpPort: await freePort(), terminalPorts });
    }
  };
  await add('api', opts.apis ?? 2);
  await add('gateway', opts.gateways ?? 2);
  await add('jobs', opts.jobs ?? 1);

  const processes: ClusterProcess[] = [];
  const start = (p: (typeof plan)[number]): ClusterProcess => {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // The cluster's simulated fleets are made up as they come (docs/security.md); `opts.env` may say otherwise.
      TERMINAL_AUTO_REGISTER: '1',
      ...opts.env,
      DATABASE_URL: opts.databaseUrl,
      NATS_URL: opts.natsUrl,
      NATS_PREFIX: opts.natsPrefix ?? 'chelian',
      DATA_DIR: opts.dataDir,
      HOST: '127.0.0.1',
      PORT: String(p.httpPort),
      CHELIAN_ROLE: p.role,
      CHELIAN_DEMO: '',
      // nginx, on this machine, is the one proxy whose X-Forwarded-For the API believes.
      TRUST_PROXY: '127.0.0.1',
      METRICS_TOKEN: metricsToken,
      MAX_CONNECTIONS_PER_ADDRESS: '0',
    };
    // A process that runs no gateway still reads the ports; none of them listens there.
    for (const protocol of terminalProtocols()) env[portEnv(protocol)] = String(p.terminalPorts[protocol] ?? 0);
    const limit = opts.fileLimit ? `ulimit -n ${opts.fileLimit} && ` : '';
    const cmd = [process.execPath, ...SERVER_NODE_FLAGS, ...(opts.nodeArgs ?? []), ...entry]
      .map((a) => `'${a.replace(/'/g, `'\\''`)}'`)
      .join(' ');
    const child = spawn('bash', ['-c', `${limit}exec ${cmd}`], { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const keep = (chunk: Buffer) => {
      const text = chunk.toString();
      out = (out + text).slice(-20_000);
      if (opts.onOutput) for (const line of text.split('\n')) if (line.trim()) opts.onOutput(p.name, line);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    return { ...p, child, exited, output: () => out };
  };
  /** Every process spawned, ready or not: a failed start ends them all (not only those it had waited for). */
  const spawned: ClusterProcess[] = [];
  const startReady = async (p: (typeof plan)[number]) => {
    const proc = start(p);
    spawned.push(proc);
    let exitCode: number | null | undefined;
    void proc.exited.then((code) => (exitCode = code));
    await waitFor(
      `${p.name} /readyz`,
      () => readyz(p.httpPort),
      120_000,
      () => (exitCode !== undefined ? `exited (${exitCode}):\n${proc.output()}` : null),
    );
    return proc;
  };

  let nginx: ChildProcess | null = null;
  const pidFile = path.join(opts.dataDir, 'cluster.pids');
  const writePids = () => fs.writeFileSync(pidFile, [...processes.map((p) => p.child.pid), nginx?.pid].filter(Boolean).join('\n'));
  const watchdog = startWatchdog(pidFile);
  try {
    // The first API process migrates and seeds; the rest start together once it is up.
    processes.push(await startReady(plan[0]));
    writePids();
    processes.push(...(await Promise.all(plan.slice(1).map(startReady))));
    writePids();

    const site: NginxSite = {
      prefix: nginxDir,
      listenHost: opts.listenHost ?? '0.0.0.0',
      httpPort: opts.httpPort,
      workers: opts.nginxWorkers,
      fileLimit: opts.fileLimit,
      maxConnectionsPerAddress: opts.maxConnectionsPerAddress ?? DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
      apis: processes.filter((p) => p.role === 'api').map((p) => ({ host: '127.0.0.1', port: p.httpPort })),
      terminals: protocols.map((protocol) => ({
        protocol,
        port: opts.terminalPorts[protocol],
        gateways: processes.filter((p) => p.role === 'gateway').map((p) => ({ host: '127.0.0.1', port: p.terminalPorts[protocol] })),
      })),
    };
    const confFile = path.join(nginxDir, 'nginx.conf');
    fs.writeFileSync(confFile, nginxConfig(site));
    nginx = spawn(NGINX_BIN, ['-p', nginxDir, '-c', confFile], { stdio: ['ignore', 'pipe', 'pipe'] });
    writePids();
    const nginxExit = new Promise<number | null>((resolve) => nginx!.once('exit', (code) => resolve(code)));
    let nginxOut = '';
    nginx.stderr!.on('data', (d) => (nginxOut += d));
    let nginxCode: number | null | undefined;
    void nginxExit.then((code) => (nginxCode = code));
    await waitFor(
      'nginx',
      () => readyz(opts.httpPort),
      15_000,
      () => (nginxCode !== undefined ? `exited (${nginxCode}): ${nginxOut}` : null),
    );
  } catch (err) {
    nginx?.kill('SIGKILL');
    // Promise.all gives up at the first process that fails: its siblings are running but not yet in `processes`.
    for (const p of spawned) p.child.kill('SIGKILL');
    watchdog.kill();
    throw err;
  }

  const cluster: Cluster = {
    processes,
    metricsToken,
    nginx: nginx!,
    byName(name) {
      const p = processes.find((x) => x.name === name);
      if (!p) throw new Error(`no process ${name}`);
      return p;
    },
    async restart(name) {
      const i = processes.findIndex((x) => x.name === name);
      const old = processes[i];
      if (old.child.exitCode === null && !old.child.signalCode) throw new Error(`${name} is still running`);
      processes[i] = await startReady(old);
      writePids();
      return processes[i];
    },
    async stop() {
      watchdog.kill();
      const running = processes.filter((p) => p.child.exitCode === null && !p.child.signalCode);
      for (const p of running) p.child.kill('SIGTERM');
      const all = Promise.all(running.map((p) => p.exited));
      const late = setTimeout(() => running.forEach((p) => p.child.kill('SIGKILL')), 20_000);
      await all;
      clearTimeout(late);
      if (nginx!.exitCode === null && !nginx!.signalCode) {
        const gone = new Promise((r) => nginx!.once('exit', r));
        nginx!.kill('SIGQUIT'); // graceful: open connections finish
        const cut = setTimeout(() => nginx!.kill('SIGKILL'), 5000);
        await gone;
        clearTimeout(cut);
      }
    },
  };
  return cluster;
}
