import fs from 'node:fs/promises';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// Plain CommonJS (the PGlite worker loads it without a TypeScript loader).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { createDurability } = require('./pglite-durability.cjs') as {
  createDurability(dir: string): { durable(): Promise<void>; syncAll(): Promise<void>; flushes(): number };
};

const SEGMENT = '000000010000000000000001';

describe('PGlite durability (WAL flushed before a commit is acknowledged)', () => {
  let dir: string;
  let synced: string[];
  let spy: jest.SpyInstance;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-durable-'));
    mkdirSync(path.join(dir, 'pg_wal'));
    mkdirSync(path.join(dir, 'global'));
    writeFileSync(path.join(dir, 'pg_wal', SEGMENT), 'wal');
    writeFileSync(path.join(dir, 'global', 'pg_control'), 'control');
    synced = [];
    const open = fs.open.bind(fs);
    spy = jest.spyOn(fs, 'open').mockImplementation(async (file, flags) => {
      const handle = await open(file, flags);
      const datasync = handle.datasync.bind(handle);
      handle.datasync = async () => {
        synced.push(path.relative(dir, String(file)));
        return datasync();
      };
      return handle;
    });
  });
  afterEach(() => {
    spy.mockRestore();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fdatasyncs the WAL segment being written, and the WAL folder when segments change', async () => {
    const durability = createDurability(dir);
    await durability.durable();
    expect(synced).toEqual(expect.arrayContaining(['pg_wal/' + SEGMENT, 'pg_wal']));
    synced = [];
    writeFileSync(path.join(dir, 'pg_wal', SEGMENT), 'more wal');
    await durability.durable();
    expect(synced).toContain('pg_wal/' + SEGMENT);
    expect(synced).not.toContain('pg_wal');
  });

  it('shares one flush among commits that finish while another flush runs (group commit)', async () => {
    const durability = createDurability(dir);
    await Promise.all(Array.from({ length: 20 }, () => durability.durable()));
    expect(durability.flushes()).toBeLessThanOrEqual(2);
    expect(durability.flushes()).toBeGreaterThanOrEqual(1);
  });

  it('flushes the whole folder after a checkpoint (pg_control changed)', async () => {
    const durability = createDurability(dir);
    await durability.durable();
    mkdirSync(path.join(dir, 'base'));
    writeFileSync(path.join(dir, 'base', '1234'), 'page');
    const later = new Date(Date.now() + 5000);
    await fs.utimes(path.join(dir, 'global', 'pg_control'), later, later);
    synced = [];
    await durability.durable();
    expect(synced).toEqual(expect.arrayContaining(['base/1234', 'global/pg_control', 'base', '']));
  });
});
