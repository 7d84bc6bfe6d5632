import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../servers/apps/site-apps';

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** Everything the API printed, for a test that fails to show. */
  output: () => string;
  stop: () => Promise<void>;
}

export const API_ENTRY = path.join(REPO_ROOT, 'api', 'src', 'server.ts');

/** Starts the API as its own process (as deployed) and resolves once `/health` answers. */
export async function startApiProcess(options: {
  port: number;
  host?: string;
  env?: Record<string, string>;
  inheritOutput?: boolean;
  timeoutMs?: number;
}): Promise<ApiProcess> {
  if (!fs.existsSync(API_ENTRY)) throw new Error(`${API_ENTRY} does not exist yet`);
  const host = options.host ?? '127.0.0.1';
  // tsx as a loader in one process: the tsx CLI's wrapper SIGKILLs a busy API on SIGTERM.
  const child = spawn(process.execPath, ['--import', 'tsx', API_ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, HOST: host, PORT: String(options.port), ...options.env },
    stdio: options.inheritOutput ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://${host}:${options.port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  // A first start runs initdb: about a minute on a busy shared machine.
  const deadline = Date.now() + (options.timeoutMs ?? 150_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API did not become healthy in time:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    child,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
