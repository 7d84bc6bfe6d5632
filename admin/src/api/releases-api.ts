import type { AdminReleasesReply, ApiClient, MessageReply, ReleaseOrderRequest } from '@carebook/shared';

export type { AdminReleasesReply, CanaryState, ReleaseHealth, ReleaseMinute } from '@carebook/shared';

/** The window the Releases page shows figures over. */
export type ReleasesWindow = AdminReleasesReply['window'];
/** One remote as the Releases page shows it: its live release, any canary, each release's health. */
export type RemoteReleases = AdminReleasesReply['remotes'][number];
/** What staff can order for a running canary. */
export type ReleaseOrder = 'promote' | 'rollback';

const BASE = '/api/v1/admin/releases';

export function getReleases(api: ApiClient, window: ReleasesWindow): Promise<AdminReleasesReply> {
  return api.get<AdminReleasesReply>(`${BASE}?window=${window}`);
}

/**
 * Orders the end of the running canary `canary` of `remote`: the remote's server carries it out at
 * its next check. The canary's id goes along, so a click on a stale page cannot end a newer one.
 */
export function orderRelease(api: ApiClient, remote: string, order: ReleaseOrder, canary: string): Promise<MessageReply> {
  const body: ReleaseOrderRequest = { canary };
  return api.post<MessageReply>(`${BASE}/${encodeURIComponent(remote)}/${order}`, body);
}
