import type { RuntimeConfig } from '../types/runtime-config';
import type { TelemetryBeacon } from '../types/api';
import { TELEMETRY_NAME } from '../domain/telemetry-limits';

/**
 * A beacon's release tags from the releases a page runs: each remote's release id (a remote that
 * did not answer has none), and which of them are canaries. The browser's telemetry and the host's
 * server's region reports tag their beacons alike.
 */
export function releaseTags(config: Pick<RuntimeConfig, 'releases' | 'canary'>): Pick<TelemetryBeacon, 'releases' | 'canary'> {
  const releases: Record<string, string> = {};
  for (const [remote, release] of Object.entries(config.releases)) {
    if (release && TELEMETRY_NAME.test(remote) && TELEMETRY_NAME.test(release.id)) releases[remote] = release.id;
  }
  const canary = (config.canary ?? []).filter((remote) => remote in releases);
  return canary.length ? { releases, canary } : { releases };
}
