import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
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

/**
 * Decrypts a JSEncrypt ciphertext (base64 of RSA PKCS#1 v1.5). Node 20's crypto refuses
 * PKCS#1 v1.5 decryption (CVE-2023-46809), hence node-forge. Null when it is not such a ciphertext.
 */
export function createDecryptor(privateKeyPem: string): (base64: string) => string | null {
  const key = forge.pki.privateKeyFromPem(privateKeyPem);
  const blockLength = Math.ceil(key.n.bitLength() / 8);
  return (base64) => {
    if (typeof base64 !== 'string' || base64.length === 0 || base64.length > 1024 || !/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
    try {
      const bytes = forge.util.decode64(base64);
      if (bytes.length !== blockLength) return null;
      const plain = key.decrypt(bytes, 'RSAES-PKCS1-V1_5');
      return forge.util.decodeUtf8(plain);
    } catch {
      return null;
    }
  };
}

/** What a browser does (JSEncrypt): used by tests and the simulator's login helper. */
export function encryptForLogin(publicKeyPem: string, password: string): string {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'));
}
