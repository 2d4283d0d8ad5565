import fs from 'node:fs';
import path from 'node:path';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** Encrypted values say so: `sb1:` then base64 of iv (12) | tag (16) | ciphertext. */
const PREFIX = 'sb1:';

export interface SecretBox {
  seal(plain: string): string;
  /** null when the value was sealed with another key or is damaged. */
  open(sealed: string): string | null;
}

/** AES-256-GCM with the given 32-byte key. */
export function secretBox(key: Buffer): SecretBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) return null;
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      if (raw.length < 28) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
        decipher.setAuthTag(raw.subarray(12, 28));
        return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

const boxes = new Map<string, SecretBox>();

/**
 * The platform's box for secrets kept in the database (地图设置's keys): the key is
 * CHELIAN_SECRET_KEY when set (every process of a cluster sets the same), else a random one made
 * on first use in DATA_DIR/secret.key (owner-only). The key never goes into the database, so a
 * copy of the database alone does not give the secrets away (docs/maps.md).
 */
export function platformSecretBox(config: { secretKey?: string; dataDir: string }): SecretBox {
  const id = config.secretKey ? `env:${config.secretKey}` : `file:${config.dataDir}`;
  let box = boxes.get(id);
  if (!box) {
    box = secretBox(config.secretKey ? createHash('sha256').update(config.secretKey).digest() : keyFile(config.dataDir));
    boxes.set(id, box);
  }
  return box;
}

function keyFile(dataDir: string): Buffer {
  const file = path.join(dataDir, 'secret.key');
  try {
    const hex = fs.readFileSync(file, 'utf8').trim();
    if (/^[0-9a-f]{64}$/.test(hex)) return Buffer.from(hex, 'hex');
  } catch {
    /* first use: made below */
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  try {
    // wx: another process that made it first wins, and this one reads its key
    fs.writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch {
    return Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  }
}
