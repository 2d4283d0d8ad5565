/**
 * What one login attempt costs the event loop in crypto: `npm run bench -- login-crypto [--attempts=200]`.
 *
 * The RSA decryption of the browser's password runs on the event loop (every terminal's reply waits
 * behind it); the scrypt check runs in libuv's thread pool. Prints JSON: main-thread CPU ms per
 * attempt for the native decryption (modules/auth/rsa.ts) and for node-forge's (what it replaced),
 * and the wall time and process CPU of one scrypt verification (modules/auth/password.ts).
 */
import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { createDecryptor, encryptForLogin } from '../apps/server/src/modules/auth/rsa.ts';
import { hashPassword, verifyPassword } from '../apps/server/src/modules/auth/password.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ATTEMPTS = Number(args.get('attempts') ?? 200);
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const ciphers = Array.from({ length: ATTEMPTS }, (_, i) => encryptForLogin(publicKey, `Password${i}`));
const round = (x: number) => Math.round(x * 1000) / 1000;

/** Main-thread CPU ms per call of `fn` over every ciphertext (after a warm-up of 10). */
function cpuPerAttempt(fn: (cipher: string) => unknown): number {
  for (const c of ciphers.slice(0, 10)) fn(c);
  const cpu0 = process.cpuUsage();
  for (const c of ciphers) fn(c);
  const cpu = process.cpuUsage(cpu0);
  return round((cpu.user + cpu.system) / 1000 / ciphers.length);
}

const native = createDecryptor(privateKey);
const forgeKey = forge.pki.privateKeyFromPem(privateKey);
const viaForge = (c: string) => forgeKey.decrypt(forge.util.decode64(c), 'RSAES-PKCS1-V1_5');

const stored = await hashPassword('Password0');
const scryptRuns = 10;
const cpu0 = process.cpuUsage();
const t0 = performance.now();
for (let i = 0; i < scryptRuns; i++) await verifyPassword('Password0', stored);
const scryptCpu = process.cpuUsage(cpu0);

console.log(
  JSON.stringify({
    bench: 'login-crypto',
    node: process.version,
    attempts: ATTEMPTS,
    rsaNativeCpuMsPerAttempt: cpuPerAttempt(native),
    rsaForgeCpuMsPerAttempt: cpuPerAttempt(viaForge),
    scryptWallMsPerVerify: round((performance.now() - t0) / scryptRuns),
    scryptCpuMsPerVerify: round((scryptCpu.user + scryptCpu.system) / 1000 / scryptRuns),
  }),
);
