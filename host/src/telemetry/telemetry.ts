import type { RuntimeConfig } from '@carebook/shared';
import type { watchVitals } from './vitals';
import { mainRemoteOf, remoteOfError, remoteOfScript } from './attribution';
import { BeaconQueue } from './beacon-queue';

/**
 * The page's telemetry per release (issue 42): what failed in which remote's region, failed API
 * calls, and the page's web vitals, sent in a few beacons a minute to the API, each tagged with
 * the releases the page runs. Nothing personal: no URL, no query, no user; the page id is random
 * per page load. Every report before {@link startTelemetry} (or on the server) does nothing.
 */
let queue: BeaconQueue | null = null;
let remotes: Readonly<Record<string, string>> = {};
let listeners: AbortController | null = null;
/** Errors already reported as a failed load, so the region's boundary does not count them again. */
const loadFailures = new WeakSet<object>();

/**
 * This page load's id: the one the host's server gave a page it reported a failed region of
 * (`<meta name="carebook-page">`, so both reports count as one page), else a random one (not of the
 * patient), 16 URL-safe characters.
 */
export function newPageId(): string {
  const fromServer = document.querySelector('meta[name="carebook-page"]')?.getAttribute('content');
  if (fromServer && /^[A-Za-z0-9_-]{8,40}$/.test(fromServer)) return fromServer;
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

/**
 * `navigator.sendBeacon` with the JSON as text (text/plain: no CORS preflight), or `fetch` with
 * `keepalive` where beacons are missing or refused; both outlive the page.
 */
export function sendBeacon(endpoint: string, text: string): boolean {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(endpoint, text)) return true;
  } catch {
    // A browser that throws on beacons (blocked by a policy): fetch below.
  }
  if (typeof fetch !== 'function') return false;
  fetch(endpoint, {
    method: 'POST',
    body: text,
    headers: { 'Content-Type': 'text/plain' },
    keepalive: true,
    credentials: 'omit',
    mode: 'cors',
  }).catch(() => undefined);
  return true;
}

/** When web-vitals is loaded at the latest (ms after the telemetry started), past a first visit's downloads. */
export const VITALS_DELAY_MS = 15_000;

export interface TelemetryOptions {
  /** Replaced in unit tests. */
  vitalsDelayMs?: number;
  /** Replaced in unit tests. */
  send?: (endpoint: string, text: string) => boolean;
  /** Loads the web vitals (a separate chunk, asked for after the page started); replaced in unit tests. */
  loadVitals?: () => Promise<{ watchVitals: typeof watchVitals }>;
}

/** Starts this page load's telemetry with the configuration it runs (once per page load). */
export function startTelemetry(config: RuntimeConfig, options: TelemetryOptions = {}): void {
  if (queue) return;
  remotes = config.remotes;
  const apiUrl = config.apiUrl.replace(/\/+$/, '');
  const started = new BeaconQueue({
    endpoint: `${apiUrl}/api/v1/telemetry`,
    config,
    send: options.send ?? sendBeacon,
    pageId: newPageId(),
  });
  if (!started.enabled) return;
  queue = started;
  listeners = new AbortController();
  const { signal } = listeners;
  // On the window in the bubbling phase: after web-vitals' own listeners (capture), so the
  // vitals it reports as the page is hidden go in this flush.
  window.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') started.flush();
  }, { signal });
  window.addEventListener('pagehide', () => started.flush(), { signal });
  window.addEventListener('error', (event: ErrorEvent) => {
    const remote = remoteOfScript(event.filename, remotes) ?? remoteOfError(event.error, remotes);
    if (remote) started.error(remote, 'script');
  }, { signal });
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const remote = remoteOfError(event.reason, remotes);
    if (remote) started.error(remote, 'script');
  }, { signal });
  const loadVitals = options.loadVitals ?? (() => import(/* webpackChunkName: "web-vitals" */ './vitals'));
  // web-vitals is asked for at the first tap or key, or once the page has been open a while, not
  // with the page's start (the first visit's 150 KB of script): its observers read the browser's
  // buffered entries (the largest paint, layout shifts, slow interactions), so a later start loses
  // little; a page left before either loses its vitals, not its view or errors.
  const vitalsWanted = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.vitalsDelayMs ?? VITALS_DELAY_MS);
    for (const type of ['pointerdown', 'keydown'] as const) {
      window.addEventListener(type, () => resolve(), { once: true, passive: true, capture: true, signal });
    }
    signal.addEventListener('abort', () => clearTimeout(timer));
  });
  void vitalsWanted
    .then(loadVitals)
    .then((vitals) => {
      if (!signal.aborted) vitals.watchVitals((name, value) => started.vital(name, value));
    })
    .catch(() => undefined);
}

/** The page rendered a region of this remote (a view of this page load, once). */
export function reportRemoteRendered(remote: string): void {
  queue?.viewedRemote(remote);
}

/** A remote's entry or module did not load. */
export function reportLoadFailure(remote: string, error: unknown): void {
  if (error && typeof error === 'object') loadFailures.add(error);
  queue?.error(remote, 'load');
}

/** A region's error boundary caught this error (a failed load counts once, as `load`). */
export function reportBoundaryError(remote: string, error: unknown): void {
  if (error && typeof error === 'object' && loadFailures.has(error)) return;
  queue?.error(remote, 'boundary');
}

/**
 * A call to the API failed (`status` 0: no answer). Remotes share one API client, so the call is
 * put down to the remote of the page's route, whose screen makes the page's calls.
 */
export function reportApiFailure(status: number): void {
  const remote = typeof window === 'undefined' ? null : mainRemoteOf(window.location.pathname);
  if (remote) queue?.apiFailure(remote, status);
}

/** Sends what waits now (tests; the page flushes on its own timers and when hidden). */
export function flushTelemetry(): void {
  queue?.flush();
}

/** Forgets this page load's telemetry (unit tests). */
export function stopTelemetry(): void {
  listeners?.abort();
  listeners = null;
  queue = null;
  remotes = {};
}
