import { randomBytes } from 'node:crypto';
import { releaseTags, TELEMETRY_NAME as NAME, type RuntimeConfig, type TelemetryBeacon } from '@carebook/shared';

/** One page whose route's region the host's server could not render (it failed, or ran out of its budget). */
export interface RegionFailure {
  /** The page load's id, also in the page (`<meta name="carebook-page">`): the browser's beacons use it too. */
  page: string;
  /** The releases the page runs (the patient's bucket's). */
  config: Pick<RuntimeConfig, 'releases' | 'canary'>;
  remote: string;
}

export interface RegionReportsOptions {
  /** `POST` target: the API's `/api/v1/telemetry` as this server reaches it. */
  endpoint: string;
  /** How often waiting reports go out (ms). */
  everyMs?: number;
  /** Reports kept at most while they wait (more are dropped: a broken remote must not fill memory). */
  maxWaiting?: number;
  /** Requests at once at most. */
  parallel?: number;
  /** Replaced in unit tests. */
  fetch?: typeof fetch;
}

/** A page id in the contract's shape (the browser's are the same length). */
export function newPageId(): string {
  return randomBytes(12).toString('base64url');
}

/** The beacon of one failed region, tagged like the browser's (kind `server`). */
export function regionBeacon(failure: RegionFailure): TelemetryBeacon {
  return { v: 1, page: failure.page, ...releaseTags(failure.config), events: [{ type: 'error', remote: failure.remote, kind: 'server' }] };
}

/**
 * The host's server's reports of regions it could not render, sent to the API's telemetry in the
 * background: a page never waits for them. They wait in a bounded queue and go every `everyMs`,
 * a few requests at once, each with a short timeout; a failed send is dropped (telemetry, not
 * data). One beacon per page load, as the API counts a page with an error once per page id.
 */
export class RegionReports {
  private readonly waiting: RegionFailure[] = [];
  private readonly timer: NodeJS.Timeout;
  private readonly send: typeof fetch;
  private sending = false;

  constructor(private readonly options: RegionReportsOptions) {
    this.send = options.fetch ?? ((input, init) => fetch(input, init));
    this.timer = setInterval(() => void this.flush(), options.everyMs ?? 2_000);
    this.timer.unref();
  }

  report(failure: RegionFailure): void {
    if (!NAME.test(failure.remote) || !failure.config.releases[failure.remote]) return;
    if (this.waiting.length >= (this.options.maxWaiting ?? 500)) return;
    this.waiting.push(failure);
  }

  /** Sends what waits (the timer calls it; tests and a stopping server too). */
  async flush(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.waiting.length) {
        const batch = this.waiting.splice(0, this.options.parallel ?? 4);
        await Promise.all(batch.map((failure) => this.post(regionBeacon(failure))));
      }
    } finally {
      this.sending = false;
    }
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async post(beacon: TelemetryBeacon): Promise<void> {
    try {
      const response = await this.send(this.options.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(beacon),
        signal: AbortSignal.timeout(2_000),
      });
      await response.body?.cancel();
    } catch {
      // The API is down or slow: this report is dropped, the page was served all the same.
    }
  }
}
