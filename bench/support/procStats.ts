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

/** Every process as [pid, command name, parent pid]; ones that end while we look are left out. */
function processes(): Array<[number, string, number]> {
  const out: Array<[number, string, number]> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      out.push([
        Number(entry),
        stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
        Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]),
      ]);
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
 * ended (an autovacuum worker or a backend that exits mid-phase would otherwise take its time
 * with it and the difference between two readings could come out negative).
 */
export function commandCpuMs(command: string): number {
  const all = processes();
  const named = new Set(all.filter(([, comm]) => comm === command).map(([pid]) => pid));
  let sum = 0;
  for (const [pid, , ppid] of all) {
    if (!named.has(pid)) continue;
    try {
      sum += cpuMs(pid) + (named.has(ppid) ? 0 : reapedChildrenCpuMs(pid));
    } catch {
      // the process ended while we looked
    }
  }
  return sum;
}

/** CPU time (ms) of a process's children that ended and were waited for (cutime + cstime). */
function reapedChildrenCpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / CLOCK_TICKS;
}

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS; // utime, stime
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
