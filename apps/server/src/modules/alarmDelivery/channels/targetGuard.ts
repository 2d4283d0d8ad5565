import dns from 'node:dns';
import net from 'node:net';

/**
 * Webhook and MQTT destinations are typed in by customers, and the server connects to them: an
 * address inside the platform's own network (loopback, private, link-local such as a cloud's
 * metadata service) is refused unless the account may use it (the platform's own account, or
 * PUSH_ALLOW_PRIVATE_TARGETS=1). The check is made on the address actually connected to.
 */
const blocked = new net.BlockList();
for (const [net4, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net4, bits, 'ipv4');
for (const [net6, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, bits, 'ipv6');

export const PRIVATE_TARGET_ERROR = '目标地址属于内网或本机，不允许推送';

export function isPrivateAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(ip);
  if (family === 0) return true;
  return blocked.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

export class PrivateTargetError extends Error {
  readonly code = 'EPRIVATETARGET';
  constructor() {
    super(PRIVATE_TARGET_ERROR);
  }
}

/** A dns.lookup for http.request / net.connect that refuses private addresses. */
export function guardedLookup(allowPrivate: boolean): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: false }, (err, address, family) => {
      if (err) return callback(err, '', 0);
      if (!allowPrivate && isPrivateAddress(address as string)) return callback(new PrivateTargetError(), '', 0);
      callback(null, address as string, family as number);
    });
  };
}

/** The address to connect to for a host name or literal, checked. */
export async function resolveTarget(host: string, allowPrivate: boolean): Promise<string> {
  const bare = host.replace(/^\[|\]$/g, '');
  const address = net.isIP(bare) ? bare : (await dns.promises.lookup(bare)).address;
  if (!allowPrivate && isPrivateAddress(address)) throw new PrivateTargetError();
  return address;
}
