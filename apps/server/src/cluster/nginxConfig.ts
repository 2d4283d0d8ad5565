import fs from 'node:fs';
import path from 'node:path';

const TEMPLATE = path.resolve(import.meta.dirname, '../../../../deploy/nginx/nginx.conf.template');
/** Debian's stream module (libnginx-mod-stream): the terminal ports are TCP, not HTTP. */
export const STREAM_MODULE = process.env.NGINX_STREAM_MODULE ?? '/usr/lib/nginx/modules/ngx_stream_module.so';
export const NGINX_BIN = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

export interface Backend {
  host: string;
  port: number;
}

export interface NginxSite {
  /** Folder for the pid, the error log and temporary files. */
  prefix: string;
  listenHost: string;
  httpPort: number;
  apis: Backend[];
  /** Per protocol: the public port and the gateways' ports for it. */
  terminals: Array<{ protocol: string; port: number; gateways: Backend[] }>;
  workers?: number;
  /** Connections a worker holds; each proxied terminal takes two (client and gateway). */
  workerConnections?: number;
  /** Descriptors a worker may open (worker_rlimit_nofile); at most the hard limit nginx is started under. */
  fileLimit?: number;
  /** Terminal connections one client address may hold over all terminal ports (0 or unset: no limit). */
  maxConnectionsPerAddress?: number;
}

/** Why nginx cannot run the cluster here ('' when it can): the binary or its stream module is missing. */
export function nginxMissing(): string {
  if (!fs.existsSync(NGINX_BIN)) return `no nginx at ${NGINX_BIN} (apt-get install -y nginx libnginx-mod-stream)`;
  if (!fs.existsSync(STREAM_MODULE)) return `no nginx stream module at ${STREAM_MODULE} (apt-get install -y libnginx-mod-stream)`;
  return '';
}

const server = (b: Backend, extra: string) => `    server ${b.host}:${b.port} ${extra};`;

/** deploy/nginx/nginx.conf.template with this machine's ports filled in. */
export function nginxConfig(site: NginxSite): string {
  const workerConnections = site.workerConnections ?? (site.fileLimit ? site.fileLimit - 512 : 65_536);
  const workers = site.workers ?? 4;
  const perAddress = site.maxConnectionsPerAddress ?? 0;
  // One zone for every terminal port: the count is per client address across them, as a lone gateway counts.
  // Refusals are logged at notice, below the error log's level: a flood of them must not fill it.
  const limit = perAddress > 0 ? `    limit_conn chelian_per_address ${perAddress};\n` : '';
  const zone =
    perAddress > 0 ? '  limit_conn_zone $binary_remote_addr zone=chelian_per_address:10m;\n  limit_conn_log_level notice;\n' : '';
  const streams =
    zone +
    site.terminals
      .map(
        (t) => `  upstream chelian_${t.protocol} {
    zone chelian_${t.protocol} 64k;
    least_conn;
${t.gateways.map((g) => server(g, 'max_fails=3 fail_timeout=5s')).join('\n')}
  }
  server {
    listen ${site.listenHost}:${t.port} backlog=4096${workers > 1 ? ' reuseport' : ''};
${limit}    proxy_pass chelian_${t.protocol};
  }`,
      )
      .join('\n');
  const fields: Record<string, string> = {
    STREAM_MODULE,
    // each worker is bound by the process descriptor limit: more workers, more terminals (the
    // terminal ports listen with reuseport, so the kernel spreads new connections evenly over them)
    WORKERS: String(workers),
    NOFILE: String(site.fileLimit ?? workerConnections * 2 + 1024),
    WORKER_CONNECTIONS: String(workerConnections),
    PREFIX: site.prefix,
    STREAM_SERVERS: streams,
    API_SERVERS: site.apis.map((a) => server(a, 'max_fails=1 fail_timeout=5s')).join('\n'),
    LISTEN_HOST: site.listenHost,
    HTTP_PORT: String(site.httpPort),
  };
  return fs.readFileSync(TEMPLATE, 'utf8').replace(/\{\{([A-Z_]+)\}\}/g, (_m, key: string) => {
    if (!(key in fields)) throw new Error(`nginx template: unknown field ${key}`);
    return fields[key];
  });
}
