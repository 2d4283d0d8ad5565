/**
 * What the local stand-ins for WeChat Pay (wechatStandIn.ts) and Alipay (alipayStandIn.ts) share.
 * Tests only: no sandbox is reachable here, and tests never go to the internet. Each stand-in plays
 * the provider as its public documentation describes it — it checks our request's signature with
 * our public key, answers signed with its own test key, and signs (and for WeChat encrypts) the
 * notifications it sends back. Keys are made per stand-in. The unit tests drive them directly; the
 * browser suite runs one WeChat Pay stand-in for its servers (e2e/support/globalSetup.ts,
 * configured through the deployment's environment) whose H5 page the rider "pays" on (wechatCashier.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const rsaPair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });

export interface Listening {
  url: string;
  close(): Promise<void>;
}

/** A stand-in's HTTP server on a free loopback port, handed each request with its whole body. */
export async function listen(handler: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void): Promise<Listening> {
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => handler(req, body, res));
  });
  // Idle keep-alive sockets stay open longer than the client keeps them (undici: ~4 s): under load (a
  // test making RSA keys blocks the loop for seconds) the server closing first raced the client's
  // reuse of the socket and the request died with ECONNRESET. close() still ends idle sockets.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((ok) => server.close(() => ok())),
  };
}
