import { releaseTags, TELEMETRY_NAME as NAME, type RuntimeConfig, type TelemetryBeacon, type TelemetryEvent } from '@carebook/shared';

/** The contract's cap on events in one beacon (shared/src/contract/telemetry.ts). */
export const MAX_EVENTS_PER_BEACON = 50;
/** Beacons one page sends in any 60 s at most, the flushes on leaving the page included. */
export const MAX_BEACONS_PER_MINUTE = 4;
/** The first beacon goes this long after the first event: the page's view and its first errors together. */
export const FIRST_FLUSH_MS = 5_000;
/** Events one page load keeps at most while beacons cannot go (a loop of failing calls stays bounded). */
export const MAX_QUEUED_EVENTS = 200;
/** API failures one page load reports at most (a screen retrying in a loop is one problem, not hundreds). */
export const MAX_API_FAILURES_PER_PAGE = 20;

export interface PageEventsOptions {
  /** `${apiUrl}/api/v1/telemetry`. */
  endpoint: string;
  config: Pick<RuntimeConfig, 'releases' | 'canary'>;
  /** Sends one beacon's JSON text; true when the browser took it. */
  send: (endpoint: string, text: string) => boolean;
  /** This page load's id. */
  pageId: string;
  now?: () => number;
}

/**
 * What one page load has to say, from its start: events wait here and go in beacons of at most
 * {@link MAX_EVENTS_PER_BEACON}, at most {@link MAX_BEACONS_PER_MINUTE} a minute, each tagged with
 * the releases the page runs. A remote's view counts once per page load, and so does each kind of
 * error of a remote (the API counts page views with an error, not errors).
 *
 * This part is in the page's first scripts, so a page left before the sender's chunk came
 * (beacon-queue.ts, with the timers) still sends what it saw ({@link sendNow} on pagehide).
 */
export class PageEvents {
  private readonly events: TelemetryEvent[] = [];
  private readonly viewed = new Set<string>();
  private readonly toView = new Set<string>();
  private readonly errorsSeen = new Set<string>();
  private apiFailures = 0;
  private readonly sentAt: number[] = [];
  private readonly tags: Pick<TelemetryBeacon, 'releases' | 'canary'>;
  private readonly now: () => number;
  /** Told of each new event (the sender arms its timer; before it came, the page asks for it). */
  onEvent: () => void = () => undefined;

  constructor(private readonly options: PageEventsOptions) {
    this.tags = releaseTags(options.config);
    this.now = options.now ?? Date.now;
  }

  /** Whether this page can say anything per release (a page with no release known sends nothing). */
  get enabled(): boolean {
    return Object.keys(this.tags.releases).length > 0;
  }

  /** Whether a beacon went already (the next waits longer than the first). */
  get sentAny(): boolean {
    return this.sentAt.length > 0;
  }

  /** The page rendered this remote's region: it counts a view of this page load once. */
  viewedRemote(remote: string): void {
    if (!NAME.test(remote) || this.viewed.has(remote)) return;
    this.viewed.add(remote);
    this.toView.add(remote);
    this.onEvent();
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

  pending(): number {
    return this.events.length + (this.toView.size ? 1 : 0);
  }

  /**
   * Sends what waits now, as far as the per-minute cap lets it (the browser sends a beacon even
   * as the page goes). A beacon the browser did not take keeps its events for the next time.
   */
  sendNow(): void {
    if (!this.enabled) {
      this.events.length = 0;
      this.toView.clear();
      return;
    }
    while (this.pending() > 0 && this.untilAllowed() === 0) {
      const events = this.takeBatch();
      const beacon: TelemetryBeacon = { v: 1, page: this.options.pageId, ...this.tags, events };
      if (!this.options.send(this.options.endpoint, JSON.stringify(beacon))) {
        // Not taken (the browser's beacon queue is full): kept for the next flush.
        this.events.unshift(...events.filter((event) => event.type !== 'view'));
        for (const event of events) if (event.type === 'view') for (const remote of event.remotes) this.toView.add(remote);
        return;
      }
      this.sentAt.push(this.now());
    }
  }

  /** How long until the per-minute cap lets the next beacon go (0: now). */
  untilAllowed(): number {
    const since = this.now() - 60_000;
    while (this.sentAt.length && (this.sentAt[0] ?? 0) <= since) this.sentAt.shift();
    return this.sentAt.length < MAX_BEACONS_PER_MINUTE ? 0 : Math.max(1, (this.sentAt[0] ?? 0) + 60_000 - this.now());
  }

  private push(event: TelemetryEvent): void {
    if (this.events.length >= MAX_QUEUED_EVENTS) return;
    this.events.push(event);
    this.onEvent();
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
}
