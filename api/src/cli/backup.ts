import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadStorageConfig } from '../config';
import { backupDatabase, BackupFileError, type BackupSummary, hasData, readBackup, restoreDatabase } from '../db/backup';
import { openTarget, Refusal } from './maintenance-target';

/**
 * `npm run backup -w api -- <file>` and `npm run restore -w api -- <file>`: the database the API
 * is configured for (DATABASE_URL, else the embedded one in DATA_DIR), read from the same
 * environment. See docs/operations.md, "Backup and restore".
 */
const USAGE = 'Usage: npm run backup -w api -- <file>    or    npm run restore -w api -- <file>';

function describe(summary: BackupSummary): string {
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
  const tables = summary.tables.map((table) => `${table.name} ${table.rows}`).join(', ');
  const upgraded = summary.upgradedWith?.length ? `, upgraded to ${summary.upgradedWith.at(-1)}` : '';
  return `${rows} rows in ${summary.tables.length} tables (${tables}); schema ${summary.migrations.at(-1) ?? 'empty'}${upgraded}`;
}

function safetyCopyPath(): string {
  const { dataDir } = loadStorageConfig();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  return path.join(dataDir, 'backups', `before-restore-${stamp}.carebook.gz`);
}

async function backup(file: string): Promise<string> {
  if (!existsSync(path.dirname(file))) throw new Refusal(`The folder ${path.dirname(file)} does not exist.`);
  const target = await openTarget({ command: 'backup', needsData: true, needsApiStopped: false });
  try {
    const summary = await backupDatabase(target.db, file);
    return `carebook backup: wrote ${file} from ${target.where}: ${describe(summary)}.`;
  } finally {
    await target.db.close();
  }
}

async function restore(file: string): Promise<string> {
  // The whole file is read and checked before the database is even opened.
  const contents = readBackup(file);
  const target = await openTarget({ command: 'restore', needsData: false, needsApiStopped: true });
  try {
    const lines: string[] = [];
    if (await hasData(target.db)) {
      // The data being replaced is kept, so a restore of the wrong file can be undone.
      const copy = safetyCopyPath();
      mkdirSync(path.dirname(copy), { recursive: true });
      await backupDatabase(target.db, copy);
      lines.push(`carebook restore: the data it replaces was saved to ${copy}.`);
    }
    const summary = await restoreDatabase(target.db, contents);
    lines.push(
      `carebook restore: ${target.where} now holds the backup of ${summary.createdAt} (from ${summary.driver}): ${describe(summary)}.`,
    );
    return lines.join('\n');
  } finally {
    await target.db.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, fileArg, ...rest] = argv;
  if ((command !== 'backup' && command !== 'restore') || !fileArg || rest.length > 0) {
    console.error(USAGE);
    return 2;
  }
  // npm runs workspace scripts inside api/; a relative path means the folder the operator typed it in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), fileArg);
  try {
    console.log(command === 'backup' ? await backup(file) : await restore(file));
    return 0;
  } catch (error) {
    if (error instanceof Refusal || error instanceof BackupFileError || error instanceof ConfigError) {
      console.error(`carebook ${command}: ${error.message}`);
      return 1;
    }
    console.error(`carebook ${command} failed; nothing was changed.`, error);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
