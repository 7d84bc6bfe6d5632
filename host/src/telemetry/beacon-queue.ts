import type { RuntimeConfig, TelemetryBeacon, TelemetryEvent } from '@carebook/shared';

/** The contract's cap on events in one beacon (shared/src/contract/telemetry.ts). */
export const MAX_EVENTS_PER_BEACON = 50;
/** Beacons one page sends in any 60 s at most, the flushes on leaving the page included. */
export const MAX_BEACONS_PER_MINUTE = 4;
/** The first beacon goes this long after the first event: the page's view and its first errors together. */
export const FIRST_FLUSH_MS = 5_000;
/** Later beacons at most this often, and only when there is something to say. */
export const FLUSH_EVERY_MS = 20_000;
/** Events one page load keeps at most while beacons cannot go (a loop of failing calls stays bounded). */
export const MAX_QUEUED_EVENTS = 200;
/** API failures one page load reports at most (a screen retrying in a loop is one problem, not hundreds). */
export const MAX_API_FAILURES_PER_PAGE = 20;

/** A remote's federation name or a release id, as the contract takes them. */
const NAME = /^[A-Za-z0-9._-]{1,80}$/;

export interface BeaconQueueOptions {
  /** `${apiUrl}/api/v1/telemetry`. */
  endpoint: string;
  config: Pick<RuntimeConfig, 'releases' | 'canary'>;
  /** Sends one beacon's JSON text; true when the browser took it. */
  send: (endpoint: string, text: string) => boolean;
  /** This page load's id. */
  pageId: string;
  now?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/** Each remote's release id from the runtime configuration (a remote that did not answer has none). */
export function releaseTags(config: Pick<RuntimeConfig, 'releases' | 'canary'>): Pick<TelemetryBeacon, 'releases' | 'canary'> {
  const releases: Record<string, string> = {};
  for (const [remote, release] of Object.entries(config.releases)) {
    if (release && NAME.test(remote) && NAME.test(release.id)) releases[remote] = release.id;
  }
  const canary = (config.canary ?? []).filter((remote) => remote in releases);
  return canary.length ? { releases, canary } : { releases };
}

/**
 * One page load's telemetry: events wait in a queue and go in batches (at most
 * {@link MAX_EVENTS_PER_BEACON} a beacon, at most {@link MAX_BEACONS_PER_MINUTE} beacons a minute),
 * each tagged with the releases the page runs. A remote's view counts once per page load, and so
 * does each kind of error of a remote (the API counts page views with an error, not errors).
 */
export class BeaconQueue {
  private readonly events: TelemetryEvent[] = [];
  private readonly viewed = new Set<string>();
  private readonly toView = new Set<string>();
  private readonly errorsSeen = new Set<string>();
  private apiFailures = 0;
  private readonly sentAt: number[] = [];
  private timer: unknown = null;
  private readonly tags: Pick<TelemetryBeacon, 'releases' | 'canary'>;
  private readonly now: () => number;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(private readonly options: BeaconQueueOptions) {
    this.tags = releaseTags(options.config);
    this.now = options.now ?? Date.now;
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** Whether this page can say anything per release (a page with no release known sends nothing). */
  get enabled(): boolean {
    return Object.keys(this.tags.releases).length > 0;
  }

  /** The page rendered this remote's region: it counts a view of this page load once. */
  viewedRemote(remote: string): void {
    if (!NAME.test(remote) || this.viewed.has(remote)) return;
    this.viewed.add(remote);
    this.toView.add(remote);
    this.schedule();
  }

  error(remote: string, kind: 'load' | 'boundary' | 'script'): void {
    const key = `${remote}\n${kind}`;
    if (!NAME.test(remote) || this.errorsSeen.has(key)) return;
    this.errorsSeen.add(key);
    this.push({ type: 'error', remote, kind });
  }

  apiFailure(remote: string, status: number): void {
    if (!NAME.test(remote) || this.apiFailures >= MAX_API_FAILURES_PER_PAGE) return;
    this.apiFailures += 1;
    this.push({ type: 'api', remote, status: status === 0 ? 'network' : status >= 500 ? '5xx' : '4xx' });
  }

  vital(name: 'LCP' | 'INP' | 'CLS', value: number): void {
    if (!Number.isFinite(value) || value < 0) return;
    this.push({ type: 'vital', name, value: Math.min(Math.round(value * 1000) / 1000, 600_000) });
  }

  /**
   * Sends what waits, as far as the per-minute cap lets it: on a timer, and when the page is
   * hidden or left (the browser sends a beacon even as the page goes).
   */
  flush(): void {
    this.clearTimer(this.timer);
    this.timer = null;
    if (!this.enabled) {
      this.events.length = 0;
      this.toView.clear();
      return;
    }
    while (this.pending() > 0 && this.maySend()) {
      const events = this.takeBatch();
      const beacon: TelemetryBeacon = { v: 1, page: this.options.pageId, ...this.tags, events };
      if (!this.options.send(this.options.endpoint, JSON.stringify(beacon))) {
        // Not taken (the browser's beacon queue is full): kept for the next flush.
        this.events.unshift(...events.filter((event) => event.type !== 'view'));
        for (const event of events) if (event.type === 'view') for (const remote of event.remotes) this.toView.add(remote);
        break;
      }
      this.sentAt.push(this.now());
    }
    if (this.pending() > 0) this.arm(this.maySend() ? FLUSH_EVERY_MS : this.untilAllowed());
  }

  private pending(): number {
    return this.events.length + (this.toView.size ? 1 : 0);
  }

  private push(event: TelemetryEvent): void {
    if (this.events.length >= MAX_QUEUED_EVENTS) return;
    this.events.push(event);
    this.schedule();
  }

  /** The view first (the page's other events belong to it), then the oldest events. */
  private takeBatch(): TelemetryEvent[] {
    const batch: TelemetryEvent[] = [];
    if (this.toView.size) {
      batch.push({ type: 'view', remotes: [...this.toView].slice(0, 12) });
      for (const remote of batch[0]?.type === 'view' ? batch[0].remotes : []) this.toView.delete(remote);
    }
    batch.push(...this.events.splice(0, MAX_EVENTS_PER_BEACON - batch.length));
    return batch;
  }

  private maySend(): boolean {
    const since = this.now() - 60_000;
    while (this.sentAt.length && (this.sentAt[0] ?? 0) <= since) this.sentAt.shift();
    return this.sentAt.length < MAX_BEACONS_PER_MINUTE;
  }

  private untilAllowed(): number {
    return Math.max(1, (this.sentAt[0] ?? this.now()) + 60_000 - this.now());
  }

  private schedule(): void {
    if (this.timer !== null) return;
    this.arm(this.sentAt.length ? FLUSH_EVERY_MS : FIRST_FLUSH_MS);
  }

  private arm(ms: number): void {
    this.clearTimer(this.timer);
    this.timer = this.setTimer(() => this.flush(), ms);
  }
}
