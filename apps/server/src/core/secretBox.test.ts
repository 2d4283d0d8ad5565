import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { platformSecretBox, secretBox } from './secretBox.ts';

describe('secretBox', () => {
  it('seals to text without the secret, opens it again, and refuses another key or damage', () => {
    const box = secretBox(randomBytes(32));
    const sealed = box.seal('amap-key-123');
    expect(sealed).toMatch(/^sb1:[A-Za-z0-9+/=]+$/);
    expect(sealed).not.toContain('amap-key-123');
    expect(box.seal('amap-key-123')).not.toBe(sealed); // a fresh iv each time
    expect(box.open(sealed)).toBe('amap-key-123');
    expect(secretBox(randomBytes(32)).open(sealed)).toBeNull();
    expect(box.open(`${sealed.slice(0, -4)}AAAA`)).toBeNull();
    expect(box.open('plain')).toBeNull();
  });

  it('keeps its key in DATA_DIR/secret.key, owner-only, the same on the next start; CHELIAN_SECRET_KEY wins', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secretbox-'));
    try {
      const sealed = platformSecretBox({ dataDir }).seal('k');
      const file = path.join(dataDir, 'secret.key');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}$/);
      expect(platformSecretBox({ dataDir }).open(sealed)).toBe('k');
      const withEnv = platformSecretBox({ dataDir, secretKey: 'cluster-wide secret' });
      expect(withEnv.open(sealed)).toBeNull();
      expect(platformSecretBox({ dataDir: '/nonexistent', secretKey: 'cluster-wide secret' }).open(withEnv.seal('x'))).toBe('x');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
