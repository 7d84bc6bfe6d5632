import { type ChildProcess, spawn } from 'node:child_process';
import { REPO_ROOT } from '../config';
import { freePort } from '../../../testing/node/free-port';
import { UNLIMITED } from './test-app';

export interface SpawnedApi {
  url: string;
  process: ChildProcess;
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop(): Promise<number | null>;
}

/**
 * Runs `api/src/server.ts` as deployed (cwd = repo root), on a free port: plain node with tsx as
 * a loader, one process. (The tsx CLI would put a wrapper process in between that SIGKILLs a
 * child whose event loop is busy for 30 ms when relaying SIGTERM: no graceful shutdown under load.)
 */
export async function spawnApi(
  env: Record<string, string>,
  options: { waitForHealth?: boolean; readyTimeoutMs?: number } = {},
): Promise<SpawnedApi> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...UNLIMITED, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let done = false;
  void exited.then(() => (done = true));
  const api: SpawnedApi = {
    url: `http://127.0.0.1:${port}`,
    process: child,
    output: () => output,
    exited,
    async stop() {
      if (!done) child.kill('SIGTERM');
      return exited;
    },
  };
  if (options.waitForHealth !== false) {
    // A first start runs initdb: slow on a busy machine.
    const deadline = Date.now() + (options.readyTimeoutMs ?? 90_000);
    for (;;) {
      if (done) throw new Error(`API exited before it was ready:\n${output}`);
      try {
        if ((await fetch(`${api.url}/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline) {
        await api.stop();
        throw new Error(`API not ready in time:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return api;
}
