import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openDatabase } from './db/open-db';

/** How long busy keep-alive connections get to receive a `Connection: close` reply before idle ones are closed. */
const SHUTDOWN_GRACE_MS = 500;

/** Reads the config, opens the database, listens; closes everything on SIGTERM / SIGINT. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`carebook api: refusing to start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  let db;
  try {
    db = await openDatabase(config, { onError: (error) => console.error('database connection error', error) });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      console.error(`carebook api: refusing to start.\n${error.message}`);
      process.exit(1);
    }
    throw error;
  }

  const app = await buildApp({ db, config });
  let closing = false;
  const shutdown = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.shutdownGracefully(SHUTDOWN_GRACE_MS);
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.error({ err: error }, `could not listen on ${config.host}:${config.port}`);
    await app.close().catch(() => {});
    await db.close().catch(() => {});
    process.exit(1);
  }
  app.log.info(
    { database: db.driver, dataDir: config.dataDir, clinicTimeZone: config.clinicTimeZone, admin: config.admin !== null },
    'carebook api ready',
  );
  if (db.driver === 'pglite') {
    app.log.info(
      'embedded database: each commit is flushed to disk (fdatasync of its WAL) before the reply; PGlite itself cannot ' +
        'sync its rare checkpoints (at shutdown, after 1 GB of WAL), so an OS crash at that moment could lose data. ' +
        'For production, use PostgreSQL (DATABASE_URL).',
    );
  }
}

main().catch((error: unknown) => {
  console.error('carebook api: failed to start', error);
  process.exit(1);
});
