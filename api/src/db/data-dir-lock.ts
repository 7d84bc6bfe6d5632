import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
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

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `<dir>/api.lock` holding this process's pid. PGlite lets two processes write one folder
 * and silently loses rows, so a second live process is refused; a lock left by a dead process is
 * taken over. Returns the release function.
 */
export function lockDataDir(dir: string, pid: number = process.pid): () => void {
  const file = path.join(dir, 'api.lock');
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(pid));
      closeSync(fd);
      return () => {
        try {
          if (readFileSync(file, 'utf8').trim() === String(pid)) unlinkSync(file);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let holder = NaN;
    try {
      holder = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // Released between our open and read: try again.
    }
    if (Number.isInteger(holder) && holder > 0 && holder !== pid && isAlive(holder)) {
      throw new DataDirLockedError(dir, holder);
    }
    try {
      unlinkSync(file); // Stale (dead pid, garbage, or our own pid from a previous life).
    } catch {
      // Someone else removed it first; the next attempt decides.
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
