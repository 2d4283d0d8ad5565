/**
 * One protocol's decoder campaign: `inputs` mutated frames and random bytes, each decoded once
 * as it stands (checksum accepted) and once under the 'reject' policy, every 16th input also
 * streamed through the protocol's framer in odd-sized chunks. A crash is a throw or an
 * 'internal' error (a bug caught at the decoder's boundary); a hang is one input taking longer
 * than HANG_MS. The inputs that crashed or hung are kept (hex) to become tests.
 */
import { performance } from 'node:perf_hooks';
import { Jt808SubpackageAssembler } from '../../packages/protocols/src/jt808/subpackage.ts';
import type { DecodeResult } from '../../packages/protocols/src/model.ts';
import { codecOf } from './corpus.ts';
import { nextInput, Rng } from './mutator.ts';

export const HANG_MS = 100;

export interface DecoderFindings {
  protocol: string;
  inputs: number;
  decodedOk: number;
  framedFrames: number;
  crashes: number;
  hangs: number;
  /** Inputs slower than HANG_MS once but not when decoded again (GC, a busy core). */
  pauses: number;
  slowestMs: number;
  /** Heap after a full GC at the end minus after warm-up (MB): growth means a leak. */
  heapGrowthMb: number;
  seconds: number;
  examples: { kind: 'crash' | 'hang'; hex: string; error: string }[];
}

const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
const heapMb = () => (gc(), process.memoryUsage().heapUsed / 2 ** 20);

function wellFormed(r: DecodeResult): string | null {
  if (!r.ok) return r.error.code === 'internal' ? `internal: ${r.error.detail}` : null;
  for (const m of r.value.messages) {
    for (const p of m.positions ?? []) if (!Number.isFinite(p.time)) return 'a position without a finite time';
  }
  return null;
}

export function fuzzDecoder(
  protocol: string,
  seeds: Buffer[],
  inputs: number,
  seed: number,
  onProgress?: (done: number) => void,
): DecoderFindings {
  const codec = codecOf(protocol);
  const rng = new Rng(seed);
  const found: DecoderFindings = {
    protocol,
    inputs: 0,
    decodedOk: 0,
    framedFrames: 0,
    crashes: 0,
    hangs: 0,
    pauses: 0,
    slowestMs: 0,
    heapGrowthMb: 0,
    seconds: 0,
    examples: [],
  };
  const note = (kind: 'crash' | 'hang', input: Buffer, error: string) => {
    if (kind === 'crash') found.crashes++;
    else found.hangs++;
    if (found.examples.length < 20) found.examples.push({ kind, hex: input.toString('hex'), error });
  };
  let subpackages = new Jt808SubpackageAssembler();
  let framer = codec.createFramer({ maxFrameLength: 2048 });
  const started = performance.now();
  let heapAtStart = 0;
  for (let i = 0; i < inputs; i++) {
    if (i === 50_000) heapAtStart = heapMb();
    if (i % 100_000 === 0) {
      subpackages = new Jt808SubpackageAssembler(); // a connection's life: the gateway makes one per socket
      onProgress?.(i);
    }
    const input = nextInput(rng, protocol, seeds);
    const t0 = performance.now();
    try {
      const ctx = { terminalId: '123456789012345', now: 1_700_000_000_000, subpackages };
      const a = codec.decode(input, ctx);
      if (a.ok) found.decodedOk++;
      const bad = wellFormed(a) ?? wellFormed(codec.decode(input, { checksumPolicy: 'reject' }));
      if (bad) note('crash', input, bad);
      if ((i & 15) === 0) {
        const chunk = 1 + rng.below(97);
        for (let at = 0; at < input.length; at += chunk) {
          const out = framer.push(input.subarray(at, at + chunk));
          for (const f of out.frames) {
            found.framedFrames++;
            const r = wellFormed(codec.decode(f, ctx));
            if (r) note('crash', f, `framed: ${r}`);
          }
          if (out.error) framer.reset();
        }
        if (framer.bufferedBytes > 2048) note('crash', input, `framer holds ${framer.bufferedBytes} bytes`);
      }
      if ((i & 0xfff) === 0) framer = codec.createFramer({ maxFrameLength: 2048 });
    } catch (error) {
      note('crash', input, String((error as Error)?.stack ?? error));
    }
    const ms = performance.now() - t0;
    if (ms > found.slowestMs) found.slowestMs = ms;
    // A pause (GC, another process on the core) is not a hang: an input counts as one only when
    // the fastest of three more decodes is still over HANG_MS.
    if (ms > HANG_MS) {
      let best = Infinity;
      for (let k = 0; k < 3 && best > HANG_MS; k++) {
        const t1 = performance.now();
        codec.decode(input, { terminalId: '123456789012345', now: 1_700_000_000_000 });
        best = Math.min(best, performance.now() - t1);
      }
      if (best > HANG_MS) note('hang', input, `${ms.toFixed(1)} ms, best of 3 again ${best.toFixed(1)} ms`);
      else found.pauses++;
    }
    found.inputs++;
  }
  found.seconds = (performance.now() - started) / 1000;
  found.heapGrowthMb = Math.round((heapMb() - heapAtStart) * 10) / 10;
  found.slowestMs = Math.round(found.slowestMs * 100) / 100;
  return found;
}
