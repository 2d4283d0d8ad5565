import { describe, expect, it } from 'vitest';
import { nginxConfig, type NginxSite } from './nginxConfig.ts';

const site = (maxConnectionsPerAddress?: number): NginxSite => ({
  prefix: '/tmp/chelian-nginx',
  listenHost: '127.0.0.1',
  httpPort: 8080,
  apis: [{ host: '127.0.0.1', port: 9001 }],
  terminals: [
    { protocol: 'jt808', port: 5015, gateways: [{ host: '127.0.0.1', port: 9101 }] },
    { protocol: 'gt06', port: 5023, gateways: [{ host: '127.0.0.1', port: 9102 }] },
  ],
  maxConnectionsPerAddress,
});

describe('nginx in front of the gateways', () => {
  it('limits terminal connections per client address over every terminal port, in one zone', () => {
    const conf = nginxConfig(site(2000));
    expect(conf.match(/limit_conn_zone \$binary_remote_addr zone=chelian_per_address:10m;/g)).toHaveLength(1);
    // Each terminal server counts into the same zone, so the limit spans the ports as a lone gateway's does.
    expect(conf.match(/limit_conn chelian_per_address 2000;\n\s+proxy_pass chelian_(jt808|gt06);/g)).toHaveLength(2);
  });

  it('writes no limit when it is 0 or unset', () => {
    for (const conf of [nginxConfig(site(0)), nginxConfig(site())]) expect(conf).not.toContain('limit_conn');
  });
});
