import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import type { Db } from './db';
import { migrationNames } from './migrate';

/**
 * A backup is one gzip file of JSON lines, the same for both databases, so a backup of the
 * embedded database restores into PostgreSQL and back:
 *
 *   {"format":"carebook-backup","version":1,"createdAt":"...","driver":"pglite","migrations":[...]}
 *   {"table":"users","columns":["id",...],"rows":2}
 *   [{"id":"...",...},{"id":"...",...}]        one line per batch of rows, as the database's row_to_json wrote them
 *   ...
 *   {"end":true,"tables":6,"rows":40}
 *
 * Rows are written and read by the database itself (row_to_json, json_populate_recordset), so every
 * value keeps its exact text form (timestamps to the microsecond, bytea photos, numerics) and
 * never passes through JavaScript numbers. The schema is not in the file: it is rebuilt from the
 * migrations the backup lists.
 */
export const BACKUP_FORMAT = 'carebook-backup';
export const BACKUP_VERSION = 1;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  driver: Db['driver'];
  migrations: string[];
}

export interface BackupTable {
  name: string;
  columns: string[];
  rows: number;
  /** JSON array texts, passed to the database as they are. */
  batches: string[];
}

export interface Backup {
  header: BackupHeader;
  tables: BackupTable[];
}

export interface BackupSummary {
  driver: Db['driver'];
  createdAt: string;
  migrations: string[];
  tables: Array<{ name: string; rows: number }>;
  /** After a restore: this version's migrations applied on top of the backup's schema. */
  upgradedWith?: string[];
}

/** A backup file that cannot be restored; nothing was changed. */
export class BackupFileError extends Error {}

function parseLine(line: string, where: string): unknown {
  try {
    return JSON.parse(line) as unknown;
  } catch {
    throw new BackupFileError(`${where} is damaged (not JSON).`);
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Reads and checks a whole backup file before anything is changed; throws {@link BackupFileError}. */
export function readBackup(file: string): Backup {
  if (!existsSync(file)) throw new BackupFileError(`There is no file ${file}.`);
  let text: string;
  try {
    text = gunzipSync(readFileSync(file)).toString('utf8');
  } catch {
    throw new BackupFileError(`${file} is not a CareBook backup (it is not a complete gzip file).`);
  }
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const first = lines[0] === undefined ? null : parseLine(lines[0], `${file}, line 1,`);
  if (!isObject(first) || first.format !== BACKUP_FORMAT) throw new BackupFileError(`${file} is not a CareBook backup.`);
  if (typeof first.version !== 'number' || first.version > BACKUP_VERSION) {
    throw new BackupFileError(`${file} was written by a newer CareBook (backup format ${String(first.version)}); this one reads format ${BACKUP_VERSION}.`);
  }
  const migrations = Array.isArray(first.migrations) ? first.migrations.filter((m): m is string => typeof m === 'string') : [];
  const known = new Set(migrationNames());
  const unknown = migrations.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new BackupFileError(
      `${file} was made by a newer CareBook: its database has migrations this version does not know (${unknown.join(', ')}). ` +
        'Restore it with that version or a later one.',
    );
  }
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: first.version,
    createdAt: String(first.createdAt),
    driver: first.driver === 'postgres' ? 'postgres' : 'pglite',
    migrations,
  };

  const tables: BackupTable[] = [];
  const seen = new Map<BackupTable, number>();
  let ended = false;
  for (let index = 1; index < lines.length && !ended; index += 1) {
    const line = lines[index] ?? '';
    const where = `${file}, line ${index + 1},`;
    const value = parseLine(line, where);
    const current = tables.at(-1);
    if (Array.isArray(value)) {
      if (!current) throw new BackupFileError(`${where} has rows before any table.`);
      current.batches.push(line);
      seen.set(current, (seen.get(current) ?? 0) + value.length);
    } else if (isObject(value) && typeof value.table === 'string' && Array.isArray(value.columns) && typeof value.rows === 'number') {
      tables.push({ name: value.table, columns: value.columns.map(String), rows: value.rows, batches: [] });
    } else if (isObject(value) && value.end === true) {
      ended = true;
    } else {
      throw new BackupFileError(`${where} is not part of a CareBook backup.`);
    }
  }
  if (!ended || tables.some((table) => (seen.get(table) ?? 0) !== table.rows)) {
    throw new BackupFileError(`${file} is incomplete (cut off while it was written or copied).`);
  }
  return { header, tables };
}
