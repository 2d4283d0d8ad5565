/**
 * The fuzz campaign's seeds: every real frame in packages/protocols/src/fixtures, each given to
 * the protocol whose decoder accepts it. Fixture files are found by name (`*-vectors.ts`), so a
 * protocol added later (with its vectors) is fuzzed from its own frames without a change here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { codecs } from '../../packages/protocols/src/index.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../packages/protocols/src/fixtures');

/** Decoders to fuzz: every codec the package exports (jt808, gt06, h02, and any added since). */
export function protocolNames(): string[] {
  return Object.keys(codecs);
}

export function codecOf(name: string) {
  return (codecs as Record<string, (typeof codecs)[keyof typeof codecs]>)[name];
}

const hexFrames = (value: unknown): Buffer[] =>
  Array.isArray(value)
    ? value.flatMap((v) =>
        typeof v?.hex === 'string'
          ? [Buffer.from(v.hex.replace(/\s+/g, ''), 'hex')]
          : typeof v?.text === 'string'
            ? [Buffer.from(v.text)]
            : [],
      )
    : [];

/** Real frames per protocol name. A frame no decoder accepts is left out (there are none today). */
export async function loadCorpus(): Promise<Record<string, Buffer[]>> {
  const names = protocolNames();
  const corpus: Record<string, Buffer[]> = Object.fromEntries(names.map((n) => [n, []]));
  for (const file of fs
    .readdirSync(FIXTURES)
    .filter((f) => f.endsWith('-vectors.ts'))
    .sort()) {
    const mod = (await import(path.join(FIXTURES, file))) as Record<string, unknown>;
    for (const frame of Object.values(mod).flatMap(hexFrames)) {
      const ctx = { terminalId: '123456789012345', now: Date.UTC(2024, 0, 1) };
      const owner = names.find((n) => codecOf(n).decode(frame, ctx).ok);
      if (owner) corpus[owner].push(frame);
    }
  }
  return corpus;
}
