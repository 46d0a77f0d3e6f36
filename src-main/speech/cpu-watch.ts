/**
 * CPU time of a child process (Linux: /proc/PID/stat, user + system), for time limits in CPU time (budget.ts).
 * Elsewhere, or once the process is gone, it reads undefined and only the wall-clock cap applies.
 */
import { readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux (sysconf(_SC_CLK_TCK)); 100 on every mainstream kernel

/** CPU milliseconds the process has used so far, or undefined when it cannot be read. */
export function cpuMsOf(pid: number | undefined): number | undefined {
  if (!pid || process.platform !== 'linux') return undefined;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces: fields after its closing parenthesis
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(rest[11]);
    const stime = Number(rest[12]);
    return Number.isFinite(utime + stime) ? ((utime + stime) * 1000) / TICKS_PER_SECOND : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Calls `onOver('cpu')` when the process has used `cpuMs` of CPU since now, or `onOver('wall')` after `ms` of
 * wall-clock time. Returns the stop function.
 */
export function watchCpu(
  pid: number | undefined,
  limit: { ms: number; cpuMs?: number },
  onOver: (by: 'cpu' | 'wall') => void,
  everyMs = 250,
): () => void {
  const wall = setTimeout(() => onOver('wall'), limit.ms);
  const start = cpuMsOf(pid);
  const cpu =
    limit.cpuMs !== undefined && start !== undefined
      ? setInterval(() => {
          const now = cpuMsOf(pid);
          if (now !== undefined && now - start > limit.cpuMs!) onOver('cpu');
        }, everyMs)
      : undefined;
  return () => {
    clearTimeout(wall);
    if (cpu) clearInterval(cpu);
  };
}
