import { type ApiProcess, startApiProcess } from '../../scripts/api-process';
import { freePort } from '../node/free-port';
import { UNLIMITED } from './test-app';

export type SpawnedApi = ApiProcess;

/**
 * The API as deployed, one process on a free port of 127.0.0.1, for a test or a benchmark: the one
 * starter `npm start` uses (scripts/api-process.ts), with the tests' settings (quiet log, no rate
 * limits unless `env` sets them) and a `stop()` that waits for the graceful stop however long it takes.
 */
export async function spawnApi(
  env: Record<string, string>,
  options: { waitForHealth?: boolean; readyTimeoutMs?: number } = {},
): Promise<SpawnedApi> {
  return startApiProcess({
    port: await freePort(),
    env: { LOG_LEVEL: 'warn', ...UNLIMITED, ...env },
    waitForHealth: options.waitForHealth,
    // A first start runs initdb: slow on a busy machine.
    timeoutMs: options.readyTimeoutMs ?? 90_000,
    forceKillAfterMs: null,
  });
}
