import type { CanaryState, ReleaseHealth } from '../../api/releases-api';

/** An error rate (0-1) as a percentage with one decimal; a dash with no page view. */
export function formatRate(rate: number | null): string {
  return rate === null ? '–' : `${(rate * 100).toFixed(1)}%`;
}

/** A timing in ms as people read it: "820 ms", "2.4 s"; a dash with no measurement. */
export function formatMs(ms: number | null): string {
  if (ms === null) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** "in 4 min", "in 35 s", "now" (past), for when a canary's stage ends. */
export function formatUntil(iso: string, now: Date): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  if (seconds <= 0) return 'now';
  if (seconds < 90) return `in ${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `in ${minutes} min` : `in ${Math.round(minutes / 60)} h`;
}

/** A clock time of the admin's browser, e.g. "14:05". */
export function clockTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** What a canary is doing, in one sentence. */
export function describeCanary(canary: CanaryState, now: Date): string {
  const share = `${canary.share}% of patients`;
  const stage = canary.stageCount > 1 ? `, stage ${canary.stage} of ${canary.stageCount}` : '';
  if (canary.state === 'holding') return `${share}${stage}; holding until staff promote or roll it back.`;
  if (!canary.stageEndsAt) return `${share}${stage}; no end set: it runs until staff promote or roll it back.`;
  return `${share}${stage}; this stage ends at ${clockTime(canary.stageEndsAt)} (${formatUntil(canary.stageEndsAt, now)}).`;
}

/** The figure a chart of minutes draws for one release. */
export type MinuteFigure = 'views' | 'errorRate';

/**
 * One row per minute with a column per release (the shape a chart of several lines takes):
 * `{ minute, '<release>': value }`; a release with no view in a minute has no error rate there.
 */
export function minuteRows(releases: readonly ReleaseHealth[], figure: MinuteFigure): Array<Record<string, number | string | null>> {
  const rows = new Map<string, Record<string, number | string | null>>();
  for (const release of releases) {
    for (const minute of release.minutes) {
      let row = rows.get(minute.minute);
      if (!row) {
        row = { minute: minute.minute };
        rows.set(minute.minute, row);
      }
      row[release.release] =
        figure === 'views' ? minute.views : minute.views > 0 ? Math.round((minute.errorViews / minute.views) * 1000) / 10 : null;
    }
  }
  return [...rows.values()].sort((a, b) => String(a.minute).localeCompare(String(b.minute)));
}

/** The releases worth showing: live and canary always, earlier ones only with page views in the window. */
export function shownReleases(releases: readonly ReleaseHealth[]): ReleaseHealth[] {
  const order = { canary: 0, live: 1, earlier: 2 } as const;
  return releases.filter((release) => release.role !== 'earlier' || release.views > 0).sort((a, b) => order[a.role] - order[b.role]);
}

/** A release's name with its role, as the table and the charts' legends show it. */
export function releaseLabel(release: Pick<ReleaseHealth, 'release' | 'role'>): string {
  return release.role === 'earlier' ? release.release : `${release.release} (${release.role})`;
}
