'use strict';
// PGlite runs in this worker thread so its WASM work stays off the API's event loop. Plain JS on
// purpose: a worker is started by bare Node, without the TypeScript loader. Protocol: see
// pglite-db.ts.
const { parentPort, workerData } = require('node:worker_threads');
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const { PGlite } = require('@electric-sql/pglite');
const { createDurability } = require('./pglite-durability.cjs');

const ROLLBACK = Symbol('rollback');
let pg;
let nextTx = 1;
/** txId -> { tx, finish(commit), settled: Promise } */
const transactions = new Map();
// In memory (tests that never reopen the folder), nothing is on disk to flush.
const inMemory = Boolean(workerData.inMemoryFrom);
const durability = inMemory ? { durable: async () => {}, syncAll: async () => {} } : createDurability(workerData.dir);
// Statements that cannot have changed anything durable need no flush (a SELECT outside a
// transaction; our SELECTs that write, advisory locks, run inside transactions).
const READ_ONLY = /^\s*(select|show)\b/i;

function serializeError(error) {
  return {
    message: String(error && error.message ? error.message : error),
    code: error && error.code,
    constraint: error && error.constraint,
  };
}

function reply(id, ok, value) {
  parentPort.postMessage(ok ? { id, ok: true, value } : { id, ok: false, error: serializeError(value) });
}

function target(txId) {
  if (txId === undefined) return pg;
  const entry = transactions.get(txId);
  if (!entry) throw new Error(`unknown transaction ${txId}`);
  return entry.tx;
}

async function handle(message) {
  const { id, op } = message;
  try {
    switch (op) {
      case 'query': {
        const result = await target(message.tx).query(message.sql, message.params);
        if (message.tx === undefined && !READ_ONLY.test(message.sql)) await durability.durable();
        return reply(id, true, result.rows);
      }
      case 'exec':
        await target(message.tx).exec(message.sql);
        if (message.tx === undefined) await durability.durable();
        return reply(id, true, null);
      case 'begin': {
        const txId = nextTx++;
        let finish;
        const decided = new Promise((resolve) => (finish = resolve));
        let started;
        const ready = new Promise((resolve) => (started = resolve));
        const settled = pg
          .transaction(async (tx) => {
            transactions.set(txId, { tx, finish, settled: null });
            started();
            if (!(await decided)) throw ROLLBACK;
          })
          .then(
            () => undefined,
            (error) => (error === ROLLBACK ? undefined : error),
          );
        transactions.set(txId, { tx: null, finish, settled });
        await Promise.race([ready, settled]);
        transactions.get(txId).settled = settled;
        return reply(id, true, txId);
      }
      case 'end': {
        const entry = transactions.get(message.tx);
        if (!entry) throw new Error(`unknown transaction ${message.tx}`);
        entry.finish(message.commit);
        const error = await entry.settled;
        transactions.delete(message.tx);
        if (error) throw error;
        if (message.commit) await durability.durable();
        return reply(id, true, null);
      }
      case 'listen': {
        await pg.listen(message.channel, () => parentPort.postMessage({ notify: message.channel }));
        return reply(id, true, null);
      }
      case 'close':
        await pg.close();
        await durability.syncAll();
        return reply(id, true, null);
      default:
        throw new Error(`unknown op ${op}`);
    }
  } catch (error) {
    return reply(id, false, error);
  }
}

/**
 * PGlite's own start parameters, plus a smaller shared buffer pool: PostgreSQL's default 128 MB is
 * allocated inside the WebAssembly heap, which never shrinks. 16 MB holds a clinic's hot rows; the
 * rest is read from the data folder through the OS page cache. Measured with `npm run
 * bench:pglite-memory -w api` (process RSS idle and after 20,000 writes; see api/README.md).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

const fresh = !inMemory && !existsSync(path.join(workerData.dir, 'PG_VERSION'));
const started = inMemory
  ? PGlite.create({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(workerData.inMemoryFrom)]), startParams: START_PARAMS })
  : PGlite.create(workerData.dir, { startParams: START_PARAMS });
started
  .then(async (instance) => {
    pg = instance;
    // A new cluster was just written by initdb, unsynced: flush it once as a whole.
    if (fresh) await durability.syncAll();
    await durability.durable();
    parentPort.on('message', (message) => void handle(message));
    parentPort.postMessage({ ready: true });
  })
  .catch((error) => parentPort.postMessage({ ready: false, error: serializeError(error) }));
