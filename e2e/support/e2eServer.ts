import { inject } from 'vitest';

/** One server the browser suite runs against, with the ports of its terminal gateways. */
export interface E2eServer {
  baseUrl: string;
  port: number;
  serverLog: string;
  adminPassword: string;
  gt06Port: number;
  watchPort: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    servers: E2eServer[];
  }
}

/** This test file's server: the one of its worker (VITEST_POOL_ID is 1…maxWorkers). */
export function e2eServer(): E2eServer {
  const servers = inject('servers');
  const slot = Number(process.env.VITEST_POOL_ID ?? 1) - 1;
  return servers[slot % servers.length]!;
}
