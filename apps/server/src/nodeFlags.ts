/**
 * The flags the server's Node runs with, wherever it is started: `npm run serve` (so `npm start`),
 * the image's entry point, the cluster launcher, the test harness's built server and the benches
 * (nodeFlags.test.ts holds package.json and deploy/Dockerfile to this list). They must be on the
 * command line: V8 reads them as it starts.
 *
 * `--no-memory-reducer`: V8's memory reducer runs full collections when a process allocates
 * little, to hand memory back — right for a browser tab in the background, wrong for a gateway
 * holding 10 000 quiet terminals: it marked the whole ~110 MB heap three times in a row every
 * minute or so, about 45 % of an idle server's CPU (steady bench, idle: 1.45–1.69 CPU-s a minute
 * per 10 000 terminals with it, 0.84 without; issue 33). The old generation is still collected
 * when it grows, as always; only the extra collections of a quiet heap go.
 *
 * `--min-semi-space-size=32 --max-semi-space-size=32`: a young generation of 2 × 32 MB, not one
 * grown to V8's 16 MB. A terminal reporting every 5–30 s leaves objects that live until its next
 * report; with young collections ~3 s apart they survived two and were promoted, and the old
 * generation then needed marking every ~17 s at 10 000 terminals. At ~6 s apart: in 110 s of
 * reports young collections 39 → 19 (186 → 122–134 ms), old ones 2 / 2 → 1 / 0, V8's helper
 * threads' CPU 59 / 67 → 38 / 26 ticks (~1.5 µs a position; steady bench, issue 33), for ~32 MB
 * more memory a process.
 */
export const SERVER_NODE_FLAGS: readonly string[] = [
  '--enable-source-maps',
  '--no-memory-reducer',
  '--min-semi-space-size=32',
  '--max-semi-space-size=32',
];
