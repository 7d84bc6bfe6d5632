import type { AdminReleasesReply, ReleaseOrderReply, TelemetryBeacon } from '../types';
import type { ApiClient } from './client';

/**
 * Telemetry per release and the canary's orders (issue 42). Pages send their beacons with
 * `navigator.sendBeacon` (text/plain, see the host's telemetry); `sendTelemetry` is the same call as
 * JSON through the client, for where no beacon API exists.
 */
export function sendTelemetry(api: ApiClient, beacon: TelemetryBeacon): Promise<{ success: true }> {
  return api.post<{ success: true }>('/api/v1/telemetry', beacon);
}

/** Staff: per remote, the live release, any canary, and each release's health over the last hour or day. */
export function getAdminReleases(api: ApiClient, window: 'hour' | 'day' = 'hour'): Promise<AdminReleasesReply> {
  return api.get<AdminReleasesReply>(`/api/v1/admin/releases?window=${window}`);
}

/**
 * Staff: orders the running canary `canary` of `remote` promoted (live for everyone) or rolled back.
 * The remote's server carries it out at its next check (within about 10 s); a 409 says that canary
 * is not the one running (any more).
 */
export function orderCanary(api: ApiClient, remote: string, action: 'promote' | 'rollback', canary: string): Promise<ReleaseOrderReply> {
  return api.post<ReleaseOrderReply>(`/api/v1/admin/releases/${encodeURIComponent(remote)}/${action}`, { canary });
}
