import { constants, generateKeyPairSync, publicEncrypt, randomBytes } from 'node:crypto';
import { JSEncrypt } from 'jsencrypt';
import forge from 'node-forge';
import { describe, expect, it } from 'vitest';
import { createDecryptor, encryptForLogin, unpadPkcs1Type2 } from './rsa.ts';

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
});
const decrypt = createDecryptor(privateKey);

/** What the browser's login form sends: JSEncrypt (the web app's own library) over the published key. */
function browserEncrypt(password: string): string {
  const encryptor = new JSEncrypt();
  encryptor.setPublicKey(publicKey);
  const cipher = encryptor.encrypt(password);
  if (!cipher) throw new Error('JSEncrypt refused');
  return cipher;
}

/** node-forge's PKCS#1 v1.5 decryption, what the server used before the native one. */
const forgeKey = forge.pki.privateKeyFromPem(privateKey);
const forgeDecrypt = (base64: string) => forge.util.decodeUtf8(forgeKey.decrypt(forge.util.decode64(base64), 'RSAES-PKCS1-V1_5'));

/** A ciphertext of an arbitrary 256-byte block, padding and all, as an attacker can make with the public key. */
const rawCipher = (block: Buffer) => publicEncrypt({ key: publicKey, padding: constants.RSA_NO_PADDING }, block).toString('base64');
/** 256 bytes: `header`, nonzero padding, then (with `separator`) a zero and the message at the end. */
function block(header: number[], message: Buffer, separator = true): Buffer {
  const b = Buffer.alloc(256, 0x5a);
  Buffer.from(header).copy(b, 0);
  if (separator) b[255 - message.length] = 0;
  message.copy(b, 256 - message.length);
  return b;
}

describe('login RSA (native, PKCS#1 v1.5 unpadded here)', () => {
  it("decrypts the browser's JSEncrypt ciphertexts exactly as node-forge does", () => {
    const passwords = [
      'Admin123',
      'a',
      '中文密码abc123',
      'x'.repeat(32),
      '!@#$%^&*()_+-=',
      ...Array.from({ length: 10 }, () => randomBytes(9).toString('base64')),
    ];
    for (const password of passwords) {
      const cipher = browserEncrypt(password);
      expect(decrypt(cipher)).toBe(forgeDecrypt(cipher));
      expect(decrypt(cipher)).toBe(password);
    }
  });

  it("decrypts what encryptForLogin (tests', benches' and the simulator's stand-in for the browser) makes", () => {
    expect(decrypt(encryptForLogin(publicKey, 'Pa55word中'))).toBe('Pa55word中');
  });

  it('answers null for what is no ciphertext at all (clear text, junk, too long)', () => {
    for (const input of ['', 'Admin123', 'not base64!', 'A'.repeat(1025), Buffer.alloc(300, 1).toString('base64')])
      expect(decrypt(input)).toBeNull();
  });

  it('turns a bad padding into a password nobody has, never an error of its own (no padding oracle)', () => {
    const secret = Buffer.from('Admin123');
    const bad = {
      'block type 1': block([0x00, 0x01], secret),
      'leading byte not zero': block([0x01, 0x02], secret),
      'padding of 7 bytes': (() => {
        const b = Buffer.alloc(256, 0x5a);
        b[0] = 0;
        b[1] = 2;
        b[9] = 0; // separator after 7 padding bytes
        return b;
      })(),
      'no separator': block([0x00, 0x02], Buffer.alloc(0), false),
    };
    for (const [name, b] of Object.entries(bad)) {
      const cipher = rawCipher(b);
      expect(() => forgeDecrypt(cipher), name).toThrow();
      const once = decrypt(cipher);
      expect(once, name).not.toBeNull();
      expect(once, name).not.toBe('Admin123');
      expect(decrypt(cipher), name).not.toBe(once); // random each time: nothing to learn from it
    }
    // The smallest padding allowed (8 bytes) is a good block.
    const eight = Buffer.alloc(256, 0x5a);
    eight[0] = 0;
    eight[1] = 2;
    eight[10] = 0;
    expect(unpadPkcs1Type2(eight)?.length).toBe(256 - 11);
    expect(decrypt(rawCipher(eight))).toBe(forgeDecrypt(rawCipher(eight)));
  });
});
