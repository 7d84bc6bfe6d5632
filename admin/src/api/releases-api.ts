import type { AdminReleasesReply } from '@carebook/shared';

export type { AdminReleasesReply, CanaryState, ReleaseHealth, ReleaseMinute, ReleaseOrderReply } from '@carebook/shared';
/** The calls, shared with the API's own tests (shared/src/api/releases.ts). */
export { getAdminReleases as getReleases, orderCanary as orderRelease } from '@carebook/shared';

/** The window the Releases page shows figures over. */
export type ReleasesWindow = AdminReleasesReply['window'];
/** One remote as the Releases page shows it: its live release, any canary, each release's health. */
export type RemoteReleases = AdminReleasesReply['remotes'][number];
/** What staff can order for a running canary. */
export type ReleaseOrder = 'promote' | 'rollback';
