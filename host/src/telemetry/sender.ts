import { BeaconQueue } from './beacon-queue';
import type { PageEvents } from './page-events';
import type { watchVitals } from './vitals';

/** When web-vitals is loaded at the latest (ms after the telemetry started), past a first visit's downloads. */
export const VITALS_DELAY_MS = 15_000;

export interface SenderOptions {
  /** Replaced in unit tests. */
  vitalsDelayMs?: number;
  /** Loads the web vitals (a separate chunk); replaced in unit tests. */
  loadVitals?: () => Promise<{ watchVitals: typeof watchVitals }>;
}

/**
 * The page's telemetry sender, its own chunk (telemetry.ts asks for it when the first beacon is
 * due, 5 s after the first event): sends what the page recorded so far at once, then
 * later events on the queue's timers, and watches the web vitals. Returns the page's flush.
 */
export function startSender(events: PageEvents, startedAt: number, signal: AbortSignal, options: SenderOptions = {}): () => void {
  const queue = new BeaconQueue({ events });
  queue.flush();
  const loadVitals = options.loadVitals ?? (() => import(/* webpackChunkName: "web-vitals" */ './vitals'));
  // web-vitals is asked for at the first tap or key, or once the page has been open a while: its
  // observers read the browser's buffered entries (the largest paint, layout shifts, slow
  // interactions), so a later start loses little; a page left before either loses its vitals,
  // not its view or errors.
  const vitalsWanted = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, startedAt + (options.vitalsDelayMs ?? VITALS_DELAY_MS) - Date.now()));
    for (const type of ['pointerdown', 'keydown'] as const) {
      window.addEventListener(type, () => resolve(), { once: true, passive: true, capture: true, signal });
    }
    signal.addEventListener('abort', () => clearTimeout(timer));
  });
  void vitalsWanted
    .then(loadVitals)
    .then((vitals) => {
      if (!signal.aborted) vitals.watchVitals((name, value) => events.vital(name, value));
    })
    .catch(() => undefined);
  return () => queue.flush();
}
