import { startGateway, type Gateway, type GatewayOptions } from '../gateway/gateway.ts';
import { createTenant, type Tenant } from './fixtures.ts';
import { createTestServer, form, type TestServer } from './testServer.ts';

/**
 * A test server with a gateway on the protocols asked (port 0: a free one) and two tenants holding
 * every permission — `a` whose data the test writes, `b` to show none of it leaks — with the API
 * called as the web does. The set-up of a product's home summary tests (elecCar/bikesHome, pet/petHome).
 */
export interface TwoTenantsOnGateway {
  t: TestServer;
  gw: Gateway;
  a: Tenant;
  b: Tenant;
  /** A form POST as the session; the envelope. */
  post(sessionId: string, url: string, fields: Record<string, string | number | boolean>): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** A GET as the session; the envelope. */
  get(sessionId: string, url: string): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  close(): Promise<void>;
}

export async function twoTenantsOnGateway(ports: GatewayOptions['ports']): Promise<TwoTenantsOnGateway> {
  const t = await createTestServer();
  const gw = await startGateway(t.ctx, { host: '127.0.0.1', ports, offlineAfterSeconds: 60 });
  const a = await createTenant(t, { codes: 'all' });
  const b = await createTenant(t, { codes: 'all' });
  return {
    t,
    gw,
    a,
    b,
    post: (sid, url, fields) => t.call(sid, { method: 'POST', url, ...form(fields) }).then((r) => r.json()),
    get: (sid, url) => t.call(sid, { url }).then((r) => r.json()),
    close: async () => {
      await gw.close();
      await t.close();
    },
  };
}
