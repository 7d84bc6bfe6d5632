import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../servers/apps/site-apps';

/** The API as its own process: `npm start`'s, and every test's or benchmark's that spawns one. */
export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Everything the API printed, for a test that fails to show. */
  output: () => string;
  /** Resolves with the exit code (null: ended by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM (a graceful stop), then SIGKILL after `forceKillAfterMs`; resolves with the exit code. */
  stop: () => Promise<number | null>;
}

export const API_ENTRY = path.join(REPO_ROOT, 'api', 'src', 'server.ts');

/**
 * Starts `api/src/server.ts` as deployed (cwd = repository root) and, unless `waitForHealth` is false,
 * resolves once `/health` answers.
 */
export async function startApiProcess(options: {
  port: number;
  host?: string;
  env?: Record<string, string>;
  inheritOutput?: boolean;
  /** How long `/health` may take to answer; a first start runs initdb. */
  timeoutMs?: number;
  /** false: resolve as soon as the process is started (a test of a start that must fail). */
  waitForHealth?: boolean;
  /** null: `stop()` waits for the graceful stop however long it takes. */
  forceKillAfterMs?: number | null;
  /** The API bundled into one file (testing/browser/api-bundle.ts) to run with bare Node instead of the sources under tsx. */
  bundle?: string;
}): Promise<ApiProcess> {
  if (!fs.existsSync(API_ENTRY)) throw new Error(`${API_ENTRY} does not exist yet`);
  const host = options.host ?? '127.0.0.1';
  // Plain node with tsx as a loader, one process: the tsx CLI would put a wrapper process in between
  // that SIGKILLs a child whose event loop is busy for 30 ms when relaying SIGTERM (no graceful
  // shutdown under load).
  const child = spawn(process.execPath, options.bundle ? [options.bundle] : ['--import', 'tsx', API_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: host, PORT: String(options.port), ...options.env },
    stdio: options.inheritOutput ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://${host}:${options.port}`;
  let ended = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      ended = true;
      resolve(code);
    }),
  );
  const forceKillAfterMs = options.forceKillAfterMs === undefined ? 10_000 : options.forceKillAfterMs;
  const api: ApiProcess = {
    url,
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (ended) return exited;
      child.kill('SIGTERM');
      const timer = forceKillAfterMs === null ? null : setTimeout(() => child.kill('SIGKILL'), forceKillAfterMs);
      const code = await exited;
      if (timer) clearTimeout(timer);
      return code;
    },
  };
  if (options.waitForHealth === false) return api;

  // A first start runs initdb: about a minute on a busy shared machine.
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  for (;;) {
    if (ended) throw new Error(`The API exited with ${child.exitCode} before it was ready:\n${output}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      await exited;
      throw new Error(`The API did not become healthy in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return api;
}
