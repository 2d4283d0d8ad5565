/**
 * Test and bench helpers for a cluster: HTTP calls to one process or through nginx, login, and
 * whether this machine can run a cluster at all.
 */
import net from 'node:net';
import { encryptForLogin } from '../modules/auth/rsa.ts';
import { nginxMissing } from './nginxConfig.ts';

export const base = (port: number) => `http://127.0.0.1:${port}`;

export async function getJson(port: number, url: string, sessionId?: string) {
  const res = await fetch(`${base(port)}${url}`, { headers: sessionId ? { sessionid: sessionId } : {} });
  return res.json();
}

export async function postForm(port: number, url: string, fields: Record<string, string | number>, sessionId?: string) {
  const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
  const res = await fetch(`${base(port)}${url}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(sessionId ? { sessionid: sessionId } : {}) },
  });
  return res.json();
}

export async function postJson(port: number, url: string, value: unknown, sessionId?: string) {
  const res = await fetch(`${base(port)}${url}`, {
    method: 'POST',
    body: JSON.stringify(value),
    headers: { 'content-type': 'application/json', ...(sessionId ? { sessionid: sessionId } : {}) },
  });
  return res.json();
}

/** Logs in on the process (or nginx) at `port`, the way the web does (RSA-encrypted password). */
export async function login(port: number, username: string, password: string): Promise<string> {
  const { obj } = await getJson(port, '/oauth/getConfig');
  const answer = await postForm(port, '/oauth/v4/token', { username, password: encryptForLogin(obj.publicKey, password) });
  if (answer.flag !== 1) throw new Error(`login failed: ${answer.msg}`);
  return answer.obj.sessionId;
}

function reachable(url: string, defaultPort: number): Promise<boolean> {
  return new Promise((resolve) => {
    const u = new URL(url);
    const socket = net.connect({ host: u.hostname, port: Number(u.port || defaultPort) });
    socket.setTimeout(2000);
    socket.on('connect', () => (socket.destroy(), resolve(true)));
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** '' when PostgreSQL (TEST_ENGINE=postgres), NATS and nginx are all here; otherwise why the cluster suite is skipped (printed). */
export async function clusterSkipReason(suite: string): Promise<string> {
  let reason = '';
  if (process.env.TEST_ENGINE !== 'postgres' || !process.env.DATABASE_URL)
    reason = 'it runs with the PostgreSQL suite (TEST_ENGINE=postgres, DATABASE_URL)';
  else if (!process.env.NATS_URL) reason = 'NATS_URL is not set';
  else if (!(await reachable(process.env.NATS_URL, 4222))) reason = `no nats-server answers at ${process.env.NATS_URL}`;
  else reason = nginxMissing();
  if (reason) console.warn(`cluster suite skipped: ${reason} (${suite})`);
  return reason;
}
