'use strict';
// Durability for PGlite on Node. PGlite runs PostgreSQL with fsync=off, and its file system layer
// (Emscripten's NODEFS) has no fsync at all: a commit reaches the OS page cache, which survives a
// killed process but not an OS crash or power loss. So the worker flushes the write-ahead log
// itself after every commit, before the API acknowledges it. Recovery replays the WAL from the
// last checkpoint, so flushed WAL is enough for commits. Checkpoints (PGlite runs one only at
// shutdown or after max_wal_size of WAL) write data files without syncing them: the whole folder
// is flushed right after any checkpoint is seen (pg_control changes) and after close. What is
// left is a window of milliseconds around a checkpoint; PostgreSQL (DATABASE_URL) has none.
// Group commit: commits that finish while a flush runs share the next flush.
const fs = require('node:fs/promises');
const path = require('node:path');

const SEGMENT = /^[0-9A-F]{24}$/;
// File times are coarse (a kernel tick): a segment written just before the previous flush began
// may show an older time, so look back a little further.
const MARGIN_MS = 50;

async function syncFile(file, flags = 'r') {
  const handle = await fs.open(file, flags);
  try {
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

/** fsync of every file and folder under `dir` (after a checkpoint, after close). */
async function syncTree(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await syncTree(full);
    else if (entry.isFile()) await syncFile(full).catch(() => {});
  }
  await syncFile(dir).catch(() => {});
}

function createDurability(dataDir) {
  const walDir = path.join(dataDir, 'pg_wal');
  const control = path.join(dataDir, 'global', 'pg_control');
  let lastFlushStart = 0;
  let segments = '';
  let controlTime = 0;
  let current = null;
  let next = null;
  let flushes = 0;

  async function flush() {
    const started = Date.now();
    const since = lastFlushStart - MARGIN_MS;
    lastFlushStart = started;
    const names = (await fs.readdir(walDir)).filter((name) => SEGMENT.test(name)).sort();
    for (const name of names) {
      const file = path.join(walDir, name);
      if ((await fs.stat(file)).mtimeMs >= since) await syncFile(file);
    }
    // A new or recycled segment is a new directory entry: flush the folder so the file is found.
    const key = names.join(',');
    if (key !== segments) {
      await syncFile(walDir);
      segments = key;
    }
    const controlNow = (await fs.stat(control)).mtimeMs;
    if (controlNow !== controlTime) {
      if (controlTime !== 0) await syncTree(dataDir);
      controlTime = controlNow;
    }
    flushes += 1;
  }

  /** Resolves once everything committed before the call is on disk. */
  function durable() {
    if (!current) {
      current = flush().finally(() => {
        current = null;
      });
      return current;
    }
    next ??= current.then(
      () => {
        next = null;
        return durable();
      },
      () => {
        next = null;
        return durable();
      },
    );
    return next;
  }

  return { durable, syncAll: () => syncTree(dataDir), flushes: () => flushes };
}

module.exports = { createDurability };
