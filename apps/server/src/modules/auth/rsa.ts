import { constants, createPrivateKey, generateKeyPairSync, privateDecrypt, publicEncrypt, randomBytes } from 'node:crypto';
import type { Db } from '../../db/types.ts';
import { rsaQueries } from './rsa.queries.ts';

export interface LoginKeyPair {
  publicKey: string;
  privateKey: string;
}

/** The login key pair: made on first start, kept in the database so every process shares it. */
export async function loadOrCreateKeyPair(db: Db): Promise<LoginKeyPair> {
  const stored = await rsaQueries.keyPair(db);
  if (stored) return stored;
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  await rsaQueries.insertKeyPair(db, { publicKey, privateKey });
  // Another process may have won the race: read back what is stored.
  return (await rsaQueries.keyPair(db))!;
}

/** PKCS#1 v1.5 type 2 asks for at least 8 random nonzero padding bytes. */
const MIN_PADDING = 8;

/**
 * The message inside a decrypted PKCS#1 v1.5 type 2 block (00 02 PS 00 M, PS ≥ 8 nonzero bytes),
 * or null. Every byte is read whatever it holds, so the time taken says nothing about where the
 * block went wrong.
 */
export function unpadPkcs1Type2(block: Buffer): Buffer | null {
  let bad = block[0] | (block[1] ^ 0x02);
  let separator = 0; // index of the first zero after the header; 0 while none seen
  for (let i = 2; i < block.length; i++) {
    const isZero = block[i] === 0 ? 1 : 0;
    const first = isZero & (separator === 0 ? 1 : 0);
    separator = first ? i : separator;
  }
  bad |= separator === 0 ? 1 : 0;
  bad |= separator < 2 + MIN_PADDING ? 1 : 0;
  return bad ? null : block.subarray(separator + 1);
}

/**
 * Decrypts a JSEncrypt ciphertext (base64 of RSA PKCS#1 v1.5) with the native RSA: Node 20
 * refuses PKCS#1 v1.5 decryption (CVE-2023-46809) but not a raw one, so the padding is taken off
 * here. Null when the input is not a ciphertext at all (clear text). A ciphertext whose padding is
 * wrong gives random bytes instead of an error, so it fails as a wrong password does and nobody
 * can tell good padding from bad (Bleichenbacher's oracle).
 */
export function createDecryptor(privateKeyPem: string): (base64: string) => string | null {
  const key = createPrivateKey(privateKeyPem);
  const blockLength = Math.ceil((key.asymmetricKeyDetails?.modulusLength ?? 2048) / 8);
  return (base64) => {
    if (typeof base64 !== 'string' || base64.length === 0 || base64.length > 1024 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
    const bytes = Buffer.from(base64, 'base64');
    // A full block only (JSEncrypt pads its output): a clear-text password may well be valid base64.
    if (bytes.length !== blockLength) return null;
    let block: Buffer;
    try {
      block = privateDecrypt({ key, padding: constants.RSA_NO_PADDING }, bytes);
    } catch {
      return null; // not below the modulus: not something our public key made
    }
    const message = unpadPkcs1Type2(block);
    return (message ?? randomBytes(24)).toString('utf8');
  };
}

/** What a browser does (JSEncrypt): used by tests, benches and the simulator's login helper. */
export function encryptForLogin(publicKeyPem: string, password: string): string {
  return publicEncrypt({ key: publicKeyPem, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(password, 'utf8')).toString('base64');
}
