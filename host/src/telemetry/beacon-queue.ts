import { FIRST_FLUSH_MS, type PageEvents } from './page-events';

/** Later beacons at most this often, and only when there is something to say. */
export const FLUSH_EVERY_MS = 20_000;

export interface BeaconQueueOptions {
  /** The page's events, recorded from its start (also before this chunk came). */
  events: PageEvents;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

/**
 * When one page load's telemetry goes: the first beacon {@link FIRST_FLUSH_MS} after the first
 * event, later ones at most every {@link FLUSH_EVERY_MS} and within the per-minute cap, only when
 * there is something to say. What is said, and the cap, are {@link PageEvents}'.
 */
export class BeaconQueue {
  readonly events: PageEvents;
  private timer: unknown = null;
  private readonly setTimer: (run: () => void, ms: number) => unknown;
  private readonly clearTimer: (timer: unknown) => void;

  constructor(options: BeaconQueueOptions) {
    this.events = options.events;
    this.events.onEvent = () => this.schedule();
    this.setTimer = options.setTimer ?? ((run, ms) => setTimeout(run, ms));
    this.clearTimer = options.clearTimer ?? ((timer) => clearTimeout(timer as ReturnType<typeof setTimeout>));
  }

  /** Sends what waits, as far as the per-minute cap lets it: on a timer, and when the page is hidden or left. */
  flush(): void {
    this.clearTimer(this.timer);
    this.timer = null;
    this.events.sendNow();
    if (this.events.pending() > 0) this.arm(this.events.untilAllowed() || FLUSH_EVERY_MS);
  }

  private schedule(): void {
    if (this.timer !== null) return;
    this.arm(this.events.sentAny ? FLUSH_EVERY_MS : FIRST_FLUSH_MS);
  }

  private arm(ms: number): void {
    this.clearTimer(this.timer);
    this.timer = this.setTimer(() => this.flush(), ms);
  }
}
