import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from './nodeFlags.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

describe('the server runs with the same Node flags wherever it is started', () => {
  it('npm run serve (and so npm start) passes every flag', () => {
    const serve = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.serve;
    expect(serve).toBe(`node ${SERVER_NODE_FLAGS.join(' ')} apps/server/dist/main.js`);
  });

  it("the image's entry point passes every flag", () => {
    const entry = read('deploy/Dockerfile')
      .split('\n')
      .find((line) => line.startsWith('ENTRYPOINT'));
    expect(entry).toBe(`ENTRYPOINT ${JSON.stringify(['node', ...SERVER_NODE_FLAGS, 'apps/server/dist/main.js']).replace(/,/g, ', ')}`);
  });
});
