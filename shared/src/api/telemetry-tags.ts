import type { RuntimeConfig } from '../types/runtime-config';
import type { TelemetryBeacon } from '../types/api';

/** A remote's federation name or a release id, as the telemetry contract takes them. */
export const TELEMETRY_NAME = /^[A-Za-z0-9._-]{1,80}$/;

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
