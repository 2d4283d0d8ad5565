/**
 * `npm run fuzz -- [--inputs=10000000] [--socket-inputs=10000000] [--socket-seconds=600] [--seed=1] [--only=jt808,gt06]`
 *
 * The long fuzz campaign (not part of `npm test`; the test suite's property tests run ~1 500
 * inputs each): every decoder in packages/protocols (whatever `codecs` lists) takes `inputs`
 * mutated real frames and random bytes, then a live gateway process takes `socket-inputs` per
 * protocol on its sockets. Prints one JSON document: per protocol inputs, crashes, hangs
 * (> 100 ms for one input), memory growth, and the crashing inputs' bytes for a test.
 * Exit code 1 when anything crashed or hung.
 */
import { fuzzDecoder, type DecoderFindings } from './decoders.ts';
import { fuzzGateway, type GatewayFindings } from './gateway.ts';
import { loadCorpus } from './corpus.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const INPUTS = Number(args.get('inputs') ?? 10_000_000);
const SOCKET_INPUTS = Number(args.get('socket-inputs') ?? 10_000_000);
const SOCKET_SECONDS = Number(args.get('socket-seconds') ?? 600);
const SEED = Number(args.get('seed') ?? 1);
const only = args.get('only')?.split(',');
const log = (line: string) => process.stderr.write(`[fuzz ${new Date().toISOString().slice(11, 19)}] ${line}\n`);

const corpus = await loadCorpus();
for (const name of Object.keys(corpus)) if (only && !only.includes(name)) delete corpus[name];
log(
  `seeds: ${Object.entries(corpus)
    .map(([n, f]) => `${n} ${f.length}`)
    .join(', ')}; ${INPUTS} inputs per decoder, ${SOCKET_INPUTS} per gateway port`,
);

const decoders: DecoderFindings[] = [];
for (const [protocol, seeds] of Object.entries(corpus)) {
  const found = fuzzDecoder(protocol, seeds, INPUTS, SEED, (done) => {
    if (done % 1_000_000 === 0 && done > 0) log(`${protocol}: ${done} inputs`);
  });
  log(`${protocol}: ${found.inputs} inputs, ${found.crashes} crashes, ${found.hangs} hangs in ${found.seconds.toFixed(0)} s`);
  decoders.push(found);
}

let gateway: GatewayFindings | null = null;
if (SOCKET_INPUTS > 0) gateway = await fuzzGateway(corpus, SOCKET_INPUTS, SOCKET_SECONDS, SEED, log);

const failed =
  decoders.some((d) => d.crashes > 0 || d.hangs > 0) || (gateway !== null && (!gateway.processAlive || gateway.canaryMissed > 0));
console.log(JSON.stringify({ date: new Date().toISOString(), node: process.version, seed: SEED, decoders, gateway, failed }, null, 2));
process.exit(failed ? 1 : 0);
