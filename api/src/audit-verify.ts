import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { openDatabase } from './db/open-db';
import { verifyAudit } from './services/audit';

/**
 * `npm run audit:verify -w api [-- --head <hash>]`: checks the whole audit trail of the configured
 * database (DATABASE_URL, or the embedded one in DATA_DIR while the API is stopped) and exits 1 when
 * an entry was changed, removed or reordered, or an appointment change has no entry. It prints the head hash: keep it somewhere else and
 * pass it with `--head` next time, so removing the newest entries is detected too.
 */
async function main(): Promise<number> {
  const headIndex = process.argv.indexOf('--head');
  const expectedHead = headIndex >= 0 ? process.argv[headIndex + 1] : undefined;
  if (headIndex >= 0 && !expectedHead) {
    console.error('audit:verify: --head needs the hash printed by an earlier run');
    return 2;
  }
  const db = await openDatabase(loadConfig(), { migrateAndSeed: false });
  try {
    const result = await verifyAudit(db, { expectedHead });
    for (const problem of result.problems) console.error(`TAMPERED: ${problem}`);
    for (const missing of result.missing) console.error(`MISSING: ${missing}`);
    console.log(`${result.entries} audit entries checked; head ${result.head}`);
    const count = result.problems.length + result.missing.length;
    if (count > 0) {
      console.error(`audit:verify: the trail is NOT intact (${count} problem${count === 1 ? '' : 's'})`);
      return 1;
    }
    console.log('audit:verify: the trail is intact');
    return 0;
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof DataDirLockedError ? error.message : error);
    process.exit(2);
  },
);
