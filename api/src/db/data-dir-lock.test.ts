import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnApi } from '../../../testing/api/spawn-api';
import { DataDirLockedError, lockDataDir, processEnding, processIdentity } from './data-dir-lock';

jest.setTimeout(90_000);

describe('the embedded database folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder while the first process is alive, and frees on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'api.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    expect(() => lockDataDir(dir, 999_999_999)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(path.join(dir, 'api.lock'))).toBe(false);
    lockDataDir(dir, 12345)();
  });

  it('takes over a lock left by a dead process', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number;
    writeFileSync(path.join(dir, 'api.lock'), String(dead));
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'api.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
  });

  it('takes over at once the lock of a process just killed, before its parent has collected it', () => {
    const holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    const pid = holder.pid as number;
    lockDataDir(dir, pid);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    // No await in between: this process has not collected the child, whose pid still answers.
    holder.kill('SIGKILL');
    const deadline = Date.now() + 2_000;
    while (!processEnding(pid) && Date.now() < deadline) {
      // The kill is delivered within microseconds; spin until the kernel shows it ending.
    }
    expect(processEnding(pid)).toBe(true);
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'api.lock'), 'utf8').split('\n')[0]).toBe(String(process.pid));
    release();
  });

  it('takes over a lock whose pid is alive but is another process (pid reused, e.g. after a reboot)', () => {
    // pid 1 always runs; the lock says it was a process of another boot.
    writeFileSync(path.join(dir, 'api.lock'), `1\n00000000-0000-0000-0000-000000000000:42\n`);
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'api.lock'), 'utf8')).toBe(`${process.pid}\n${processIdentity(process.pid)}\n`);
    release();
  });

  it('takes over an old pid-only lock when that pid started after the lock was written', async () => {
    const later = spawn('sleep', ['30']);
    try {
      writeFileSync(path.join(dir, 'api.lock'), String(later.pid));
      const anHourAgo = new Date(Date.now() - 3_600_000);
      utimesSync(path.join(dir, 'api.lock'), anHourAgo, anHourAgo);
      lockDataDir(dir)();
      // The same pid-only lock, written after that process started: it may be the holder, so refuse.
      writeFileSync(path.join(dir, 'api.lock'), String(later.pid));
      expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    } finally {
      later.kill();
    }
  });

  it('makes a second API process on the same folder refuse to start, leaving the first serving', async () => {
    const first = await spawnApi({ DATA_DIR: dir });
    try {
      const second = await spawnApi({ DATA_DIR: dir }, { waitForHealth: false });
      expect(await second.exited).toBe(1);
      expect(second.output()).toMatch(/in use by another running API process \(pid \d+\)/);
      expect((await fetch(`${first.url}/health`)).status).toBe(200);
    } finally {
      expect(await first.stop()).toBe(0); // graceful SIGTERM: closes the database, releases the lock
    }
    expect(existsSync(path.join(dir, 'api.lock'))).toBe(false);
  });
});
