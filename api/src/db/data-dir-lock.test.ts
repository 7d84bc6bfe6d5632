import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnApi } from '../test-support/spawn-api';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

jest.setTimeout(90_000);

describe('the embedded database folder lock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a second holder while the first process is alive, and frees on release', () => {
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'api.lock'), 'utf8')).toBe(String(process.pid));
    expect(() => lockDataDir(dir, 999_999_999)).toThrow(DataDirLockedError);
    release();
    expect(existsSync(path.join(dir, 'api.lock'))).toBe(false);
    lockDataDir(dir, 12345)();
  });

  it('takes over a lock left by a dead process', () => {
    const dead = spawnSync(process.execPath, ['-e', '0']).pid as number;
    writeFileSync(path.join(dir, 'api.lock'), String(dead));
    const release = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'api.lock'), 'utf8')).toBe(String(process.pid));
    release();
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
