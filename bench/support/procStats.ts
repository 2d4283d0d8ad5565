/** What the kernel says about a process and about sockets, read from /proc (Linux only). */
import fs from 'node:fs';
import os from 'node:os';

const PAGE = 4096;
const CLOCK_TICKS = 100; // USER_HZ on Linux

/** Resident set size (VmRSS) of a process, in bytes. */
export function rssBytes(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : NaN;
}

/** /proc/<pid>/stat: the command name and the fields after it (ppid is [1], utime [11], stime [12], cutime [13], cstime [14]). */
function readStat(pid: number | string): { comm: string; fields: string[] } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
}

/** Two clock-tick fields of /proc/<pid>/stat summed, in ms. */
const ticksMs = (a: string, b: string) => ((Number(a) + Number(b)) * 1000) / CLOCK_TICKS;

/** Every process as [pid, command name, parent pid, stat fields]; ones that end while we look are left out. */
function processes(): Array<[number, string, number, string[]]> {
  const out: Array<[number, string, number, string[]]> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const { comm, fields } = readStat(entry);
      out.push([Number(entry), comm, Number(fields[1]), fields]);
    } catch {
      // the process ended
    }
  }
  return out;
}

/** Summed VmRSS of a process's children (under tsx: the esbuild service each node process starts). */
export function childrenRssBytes(pid: number): number {
  return processes()
    .filter(([, , ppid]) => ppid === pid)
    .reduce((sum, [child]) => sum + (rssBytes(child) || 0), 0);
}

/**
 * CPU time (ms) of every process with this command name, e.g. all `postgres` processes: the
 * running ones, plus what their parents of the same name have collected from children that
 * ended (cutime + cstime: an autovacuum worker or a backend that exits mid-phase would otherwise
 * take its time with it and the difference between two readings could come out negative).
 */
export function commandCpuMs(command: string): number {
  const named = processes().filter(([, comm]) => comm === command);
  const pids = new Set(named.map(([pid]) => pid));
  return named.reduce((sum, [, , ppid, f]) => sum + ticksMs(f[11], f[12]) + (pids.has(ppid) ? 0 : ticksMs(f[13], f[14])), 0);
}

/** A process's CPU so far split into user and kernel time (ms): at the pattern real fleets send most of a message is its two syscalls. */
export function userSystemMs(pid: number): [number, number] {
  const { fields } = readStat(pid);
  return [ticksMs(fields[11], '0'), ticksMs(fields[12], '0')];
}

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid: number): number {
  const { fields } = readStat(pid);
  return ticksMs(fields[11], fields[12]);
}

export interface KernelSockets {
  /** TCP sockets in use (both ends of a loopback connection count). */
  tcpInUse: number;
  /** Memory the kernel charges to TCP buffers (/proc/net/sockstat "mem", pages → bytes). */
  tcpBufferBytes: number;
  /** Slab memory of socket structures (TCP, sock_inode_cache, filp, eventpoll), when /proc/slabinfo is readable. */
  slabBytes: Record<string, number> | null;
}

const SLABS = ['TCP', 'sock_inode_cache', 'filp', 'eventpoll_epi', 'eventpoll_pwq', 'tcp_bind_bucket', 'skbuff_head_cache'];

/** Machine-wide: every process's sockets, not only the bench's. */
export function kernelSockets(): KernelSockets {
  const tcp = /TCP: inuse (\d+) .*mem (\d+)/.exec(fs.readFileSync('/proc/net/sockstat', 'utf8'));
  let slabBytes: Record<string, number> | null = null;
  try {
    slabBytes = {};
    for (const line of fs.readFileSync('/proc/slabinfo', 'utf8').split('\n')) {
      const [name, active, , objSize] = line.split(/\s+/);
      if (SLABS.includes(name)) slabBytes[name] = Number(active) * Number(objSize);
    }
  } catch {
    slabBytes = null; // not readable without privileges on most hosts
  }
  return { tcpInUse: Number(tcp?.[1] ?? NaN), tcpBufferBytes: Number(tcp?.[2] ?? NaN) * PAGE, slabBytes };
}

export const MB = (b: number) => Math.round((b / 2 ** 20) * 10) / 10;
export const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
