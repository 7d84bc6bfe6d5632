import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DataDirLockedError extends Error {
  constructor(readonly dir: string, readonly pid: number) {
    super(
      `The embedded database in ${dir} is in use by another running API process (pid ${pid}). ` +
        'Two processes on one embedded database would lose data: stop the other process, ' +
        'use another DATA_DIR, or use PostgreSQL through DATABASE_URL to run several processes.',
    );
  }
}

/**
 * Who a pid is, beyond its number: the boot and the start time (clock ticks after boot, field 22
 * of /proc/<pid>/stat). A pid reused after a reboot or by a later process has another identity.
 * `null` where there is no /proc (then only the pid can be compared).
 */
export function processIdentity(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: count fields after its last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const startTicks = fields[19];
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTicks ? `${boot}:${startTicks}` : null;
  } catch {
    return null;
  }
}

/** Boot time in ms since the epoch, from /proc/stat (`btime`); `null` without /proc. */
function bootTimeMs(): number | null {
  try {
    const match = /^btime (\d+)$/m.exec(readFileSync('/proc/stat', 'utf8'));
    return match ? Number(match[1]) * 1000 : null;
  } catch {
    return null;
  }
}

/** `PF_EXITING` in the flags of /proc/<pid>/stat: the kernel has begun ending the process. */
const PF_EXITING = 0x4;

/**
 * Whether the process has ended or is ending although its pid still answers: a zombie (`Z`, dead
 * and waiting for its parent to collect it), `X`, or one the kernel is tearing down (`PF_EXITING`,
 * set at once by kill -9, while a large process's memory is freed). Such a process writes nothing
 * more, so its lock is stale at once. `false` where there is no /proc.
 */
export function processEnding(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const state = fields[0] ?? '';
    const flags = Number(fields[6] ?? 0);
    return state === 'Z' || state === 'X' || (flags & PF_EXITING) !== 0;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

interface Holder {
  pid: number;
  identity: string | null;
}

/** The lock's content: `<pid>` on the first line, `<identity>` on the second (older versions wrote only the pid). */
function readHolder(file: string): Holder {
  const [pidLine = '', identity = ''] = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(pidLine.trim()), identity: identity.trim() || null };
}

/**
 * Whether the holder written in `file` still runs. A live pid is not enough: it must be the same
 * process (same identity). A lock of an older version has no identity; then a pid alive but
 * started after the lock was written (a reboot, or the pid handed to someone else) is not it.
 */
function holderRuns(file: string, holder: Holder): boolean {
  if (!isAlive(holder.pid) || processEnding(holder.pid)) return false;
  const current = processIdentity(holder.pid);
  if (holder.identity !== null && current !== null) return holder.identity === current;
  const boot = bootTimeMs();
  const ticks = current?.split(':')[1];
  if (boot === null || ticks === undefined) return true;
  const startedAt = boot + (Number(ticks) * 1000) / 100; // USER_HZ is 100 on Linux
  return startedAt <= statSync(file).mtimeMs + 1000;
}

/**
 * Takes `<dir>/api.lock` holding this process's pid and identity. PGlite lets two processes write
 * one folder and silently loses rows, so a second live process is refused; a lock left by a dead
 * process, or by a pid now belonging to another process, is taken over. Returns the release function.
 */
export function lockDataDir(dir: string, pid: number = process.pid): () => void {
  const file = path.join(dir, 'api.lock');
  const identity = processIdentity(pid);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, identity ? `${pid}\n${identity}\n` : String(pid));
      closeSync(fd);
      return () => {
        try {
          if (readHolder(file).pid === pid) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder: Holder;
    try {
      holder = readHolder(file);
    } catch {
      continue; // Released between our open and read: try again.
    }
    if (Number.isInteger(holder.pid) && holder.pid > 0 && holder.pid !== pid && holderRuns(file, holder)) {
      throw new DataDirLockedError(dir, holder.pid);
    }
    try {
      unlinkSync(file); // Stale (dead or reused pid, garbage, or our own pid from a previous life).
    } catch {
      // Someone else removed it first; the next attempt decides.
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
