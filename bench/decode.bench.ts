/**
 * Decode rate per protocol on one core: `node --import tsx bench/decode.bench.ts`.
 * For the location frames terminals send most, measures decode alone (frame → messages with
 * the reply frame built) and framer + decode over a byte stream. Prints JSON.
 *
 * Rates are frames per second of wall time and per CPU-second of this process (the latter is
 * steadier on a shared machine). Each case runs several rounds; best and median are reported.
 */
import { cpus } from 'node:os';
import {
  codecs,
  encodeGt06Location,
  encodeH02Binary,
  encodeH02Location,
  encodeJt808Location,
  encodeWatchReport,
  type ProtocolName,
} from '../packages/protocols/src/index.ts';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const ROUNDS = Number(args.get('rounds') ?? 7);
const FRAMES_PER_ROUND = Number(args.get('frames') ?? 1_000_000);

const time = Date.UTC(2024, 4, 1, 4, 30, 45);
const fix = { time, lat: 31.230416, lon: 121.473701, valid: true, speedKmh: 63.5, course: 271, altitude: 12 };

const CASES: { name: string; protocol: ProtocolName; frame: Buffer; ctx?: object }[] = [
  {
    name: 'jt808 0x0200 location (2013, 4 additional items)',
    protocol: 'jt808',
    frame: encodeJt808Location({ phone: '013912345678' }, 1, {
      ...fix,
      acc: true,
      statusFlags: ['gps', 'beidou'],
      mileageKm: 12345.6,
      fuel: 42.5,
      signal: 28,
      satellites: 11,
    }),
  },
  {
    name: 'jt808 0x0200 location (2019 header, real frame)',
    protocol: 'jt808',
    frame: Buffer.from(
      '7e02004026010000000001391234432900000000006f0000001601dc9a0707456246007b004200032501292233440202006401040000000c417e',
      'hex',
    ),
  },
  {
    name: 'jt808 0x0200 location (0x7d escapes, real frame)',
    protocol: 'jt808',
    frame: Buffer.from(
      '7e02000026123456789012007d02000000010000000200ba7f0e07e4f11c0028003c00001810151010100104000000640202007d01137e',
      'hex',
    ),
  },
  {
    name: 'gt06 0x22 GPS+LBS',
    protocol: 'gt06',
    frame: encodeGt06Location({ ...fix, satellites: 9, acc: true, cell: { mcc: 460, mnc: 0, lac: 10365, cellId: 8049 } }, 1, 0x22),
    ctx: { terminalId: '868120145233604' },
  },
  {
    name: 'h02 *HQ V1 text',
    protocol: 'h02',
    frame: encodeH02Location('4210051415', { ...fix, acc: true, cell: { mcc: 460, mnc: 0, lac: 10365, cellId: 8049 } }),
  },
  { name: 'h02 $ binary', protocol: 'h02', frame: encodeH02Binary('4210051415', fix) },
  {
    name: 'watch UD (GPS fix, 1 cell)',
    protocol: 'watch',
    frame: encodeWatchReport('8800000015', 'UD', {
      ...fix,
      satellites: 9,
      signal: 100,
      battery: 87,
      steps: 5230,
      worn: true,
      cells: [{ mcc: 460, mnc: 0, lac: 9360, cellId: 4082, rssi: 131 }],
    }),
  },
  {
    // Traccar's UD_LTE test frame: a fix, one cell and three Wi-Fi access points.
    name: 'watch UD_LTE (real frame, 3 Wi-Fi)',
    protocol: 'watch',
    frame: Buffer.from(
      '[3G*2104326058*00E9*UD_LTE,300621,135101,A,32.162652,N,34.888748,E,30.84,265.158,65.621,18,100,83,0,0,00000000,1,1,425,01,10223,8012811,100,3,ES4104,22:74:1d:39:64:ff,-46,metropoline-wifi,a8:3f:a1:e0:66:ba,-89,Egged.co.il,00:0c:42:51:cf:cd,-81,1.7055488]',
      'latin1',
    ),
  },
];

interface Rate {
  wallPerSec: number;
  cpuPerSec: number;
}

function measure(run: () => number): Rate {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const n = run();
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const c = process.cpuUsage(c0);
  return { wallPerSec: n / wall, cpuPerSec: n / ((c.user + c.system) / 1e6) };
}

function summarize(rates: Rate[]) {
  const pick = (k: keyof Rate) => {
    const v = rates.map((r) => r[k]).sort((a, b) => a - b);
    return { best: Math.round(v[v.length - 1]), median: Math.round(v[Math.floor(v.length / 2)]) };
  };
  return { framesPerSecWall: pick('wallPerSec'), framesPerCpuSec: pick('cpuPerSec') };
}

function decodeOnly(c: (typeof CASES)[number]): Rate[] {
  const codec = codecs[c.protocol];
  const check = codec.decode(c.frame, c.ctx);
  if (!check.ok || !check.value.messages[0].positions?.length) throw new Error(`${c.name}: frame does not decode`);
  const loop = (n: number) => {
    let ok = 0;
    for (let i = 0; i < n; i++) if (codec.decode(c.frame, c.ctx).ok) ok++;
    return ok;
  };
  loop(200_000); // warm up: let the JIT settle
  return Array.from({ length: ROUNDS }, () => measure(() => loop(FRAMES_PER_ROUND)));
}

function framedDecode(c: (typeof CASES)[number]): Rate[] {
  const codec = codecs[c.protocol];
  const perChunk = 64; // frames per TCP read, roughly what a busy connection delivers
  const stream = Buffer.concat(Array.from({ length: perChunk }, () => c.frame));
  const chunks = Math.max(1, Math.floor(FRAMES_PER_ROUND / perChunk));
  const loop = (rounds: number) => {
    const framer = codec.createFramer();
    let ok = 0;
    for (let i = 0; i < rounds; i++) {
      for (const f of framer.push(stream).frames) if (codec.decode(f, c.ctx).ok) ok++;
    }
    return ok;
  };
  loop(2000);
  return Array.from({ length: ROUNDS }, () => measure(() => loop(chunks)));
}

const results = CASES.map((c) => ({
  case: c.name,
  frameBytes: c.frame.length,
  decode: summarize(decodeOnly(c)),
  framerAndDecode: summarize(framedDecode(c)),
}));

console.log(
  JSON.stringify(
    {
      benchmark: 'protocol decode rate, one core',
      node: process.version,
      cpu: cpus()[0]?.model,
      cores: cpus().length,
      rounds: ROUNDS,
      framesPerRound: FRAMES_PER_ROUND,
      results,
    },
    null,
    2,
  ),
);
