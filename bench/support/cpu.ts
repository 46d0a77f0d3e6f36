// CPU time of this process and its children (the speech engines), from /proc (USER_HZ = 100): Linux only.
// It is the figure to compare on a shared machine, where wall time says as much about the others' load.
import fs from 'node:fs';

function statFields(pid: number | 'self'): string[] | undefined {
  try {
    const s = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return s.slice(s.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
  } catch {
    return undefined;
  }
}
const ticks = (f: string[], i: number) => Number(f[i]) * 10; // field (i + 3) of stat, in ms

export interface Cpu {
  /** Parley: this process (its threads, the WAV worker included). */
  self: number;
  /** The engines: child processes, alive or reaped. */
  children: number;
}

export function cpuNow(): Cpu {
  const me = statFields('self');
  if (!me) throw new Error('the speech benches read CPU time from /proc: Linux only');
  let children = ticks(me, 13) + ticks(me, 14); // cutime + cstime: children already reaped
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    const f = statFields(Number(d));
    if (f && Number(f[1]) === process.pid) children += ticks(f, 11) + ticks(f, 12); // a live child's utime + stime
  }
  return { self: ticks(me, 11) + ticks(me, 12), children };
}

export const cpuSince = (a: Cpu): Cpu => {
  const b = cpuNow();
  return { self: b.self - a.self, children: b.children - a.children };
};

export const cpuTotal = (c: Cpu) => c.self + c.children;
