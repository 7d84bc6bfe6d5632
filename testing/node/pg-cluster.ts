import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from './free-port';

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

export async function startPgCluster(): Promise<PgCluster> {
  const bin = findBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-pg-'));
  if (isRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  const data = path.join(dir, 'data');
  const port = await freePort();
  try {
    run(path.join(bin, 'initdb'), ['-D', data, '--no-sync', '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C']);
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
