import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';
import { REPO_ROOT } from './repo-root';

const CACHE_DIR = path.join(REPO_ROOT, 'node_modules', '.cache', 'carebook');

/** A throwaway PostgreSQL server for tests: its own folder, port and socket; gone after `stop()`. */
export interface PgCluster {
  port: number;
  /** A fresh, empty database on this server. */
  createDatabase(name: string): Promise<string>;
  stop(): void;
}

function findBinDir(): string {
  const candidates = [process.env.PG_BIN_DIR ?? ''];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // No pg_config on PATH; look in Debian's usual place.
  }
  if (existsSync('/usr/lib/postgresql')) {
    for (const version of readdirSync('/usr/lib/postgresql').sort().reverse()) {
      candidates.push(`/usr/lib/postgresql/${version}/bin`);
    }
  }
  const found = candidates.find((dir) => dir !== '' && existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) were not found. The API tests run on a real PostgreSQL ' +
        'too and do not skip: install them (apt-get install -y postgresql) or set PG_BIN_DIR.',
    );
  }
  return found;
}

const isRoot = process.getuid?.() === 0;

/** initdb refuses to run as root: as root, run the server tools as the `postgres` user. */
function run(bin: string, args: string[]): void {
  const [file, fullArgs] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(file, fullArgs, { stdio: 'pipe' });
}

/** A new folder for the server's files: as root, the `postgres` user's. */
function serverFolder(prefix: string): string {
  const dir = mkdtempSync(prefix);
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  return dir;
}

/**
 * A data folder fresh from initdb, made once per PostgreSQL build and kept under node_modules/.cache
 * (its `data`): initdb costs ~2.3 CPU s here, a copy a fraction of that, and every suite on
 * PostgreSQL starts a server of its own. Made in a folder of its own and renamed into place, so a
 * process beside it never sees half of one; a process that lost the race uses the winner's.
 */
function initdbTemplate(bin: string): string {
  // `postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)`: the build, not only the major version.
  const build = execFileSync(path.join(bin, 'postgres'), ['--version'], { encoding: 'utf8' }).replace(/^postgres \(PostgreSQL\)/, '');
  const template = path.join(CACHE_DIR, `postgres-${build.trim().replace(/[^0-9A-Za-z.]+/g, '_').replace(/_$/, '')}-initdb`);
  if (existsSync(template)) return template;
  mkdirSync(CACHE_DIR, { recursive: true });
  const making = serverFolder(`${template}.making-`);
  try {
    run(path.join(bin, 'initdb'), ['-D', path.join(making, 'data'), '--no-sync', '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
    renameSync(making, template);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    // Another process made it meanwhile: use theirs.
    if (!existsSync(template)) throw error;
  }
  return template;
}

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findBinDir();
  const dir = serverFolder(path.join(os.tmpdir(), 'carebook-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    // A cold copy of a server that initdb left shut down, owner and modes kept (`cp -a`).
    execFileSync('cp', ['-a', path.join(initdbTemplate(bin), 'data'), data], { stdio: 'pipe' });
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    run(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '30', '-l', path.join(dir, 'log'), '-o', options, 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? '';
    throw new Error(`Could not start a test PostgreSQL: ${(error as Error).message}\n${stderr}`);
  }
  let stopped = false;
  return {
    port,
    async createDatabase(name) {
      const client = new Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return `postgres://postgres@127.0.0.1:${port}/${name}`;
    },
    stop() {
      if (stopped) return;
      stopped = true;
      try {
        run(path.join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
