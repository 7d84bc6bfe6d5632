import type { RuntimeConfig } from '@carebook/shared';
import { mainRemoteOf, remoteOfError, remoteOfScript } from './attribution';
import { FIRST_FLUSH_MS, PageEvents } from './page-events';
import type { SenderOptions, startSender } from './sender';

/**
 * The page's telemetry per release (issue 42): what failed in which remote's region, failed API
 * calls, and the page's web vitals, sent in a few beacons a minute to the API, each tagged with
 * the releases the page runs. Nothing personal: no URL, no query, no user; the page id is random
 * per page load. Every report before {@link startTelemetry} (or on the server) does nothing.
 *
 * In the page's first scripts: this recorder and what the page has to say (page-events.ts). The
 * sender (the queue's timers, web-vitals) is its own chunk, asked for when the first beacon is due
 * ({@link FIRST_FLUSH_MS} after the first event); until it comes a page hidden or left sends what
 * it recorded itself, and what the sender finds it sends at once.
 */
let events: PageEvents | null = null;
let flushNow: () => void = () => undefined;
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

export interface TelemetryOptions extends SenderOptions {
  /** Replaced in unit tests. */
  send?: (endpoint: string, text: string) => boolean;
  /** How long after the first event the sender is asked for; replaced in unit tests. */
  senderDelayMs?: number;
  /** Loads the sender (its own chunk); replaced in unit tests. */
  loadSender?: () => Promise<{ startSender: typeof startSender }>;
}

/** Starts this page load's telemetry with the configuration it runs (once per page load). */
export function startTelemetry(config: RuntimeConfig, options: TelemetryOptions = {}): void {
  if (events) return;
  remotes = config.remotes;
  const startedAt = Date.now();
  const apiUrl = config.apiUrl.replace(/\/+$/, '');
  const started = new PageEvents({
    endpoint: `${apiUrl}/api/v1/telemetry`,
    config,
    send: options.send ?? sendBeacon,
    pageId: newPageId(),
  });
  if (!started.enabled) return;
  events = started;
  flushNow = () => started.sendNow();
  listeners = new AbortController();
  const { signal } = listeners;
  // On the window in the bubbling phase: after web-vitals' own listeners (capture), so the
  // vitals it reports as the page is hidden go in this flush.
  window.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flushNow();
  }, { signal });
  window.addEventListener('pagehide', () => flushNow(), { signal });
  window.addEventListener('error', (event: ErrorEvent) => {
    const remote = remoteOfScript(event.filename, remotes) ?? remoteOfError(event.error, remotes);
    if (remote) started.error(remote, 'script');
  }, { signal });
  window.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const remote = remoteOfError(event.reason, remotes);
    if (remote) started.error(remote, 'script');
  }, { signal });
  // The first event asks for the sender, due with the first beacon; a sender that does not come
  // (offline) leaves the events to the flush as the page is hidden or left.
  started.onEvent = () => {
    started.onEvent = () => undefined;
    const loadSender = options.loadSender ?? (() => import(/* webpackChunkName: "telemetry-sender" */ './sender'));
    const timer = setTimeout(() => {
      void loadSender()
        .then((sender) => {
          if (!signal.aborted) flushNow = sender.startSender(started, startedAt, signal, options);
        })
        .catch(() => undefined);
    }, options.senderDelayMs ?? FIRST_FLUSH_MS);
    signal.addEventListener('abort', () => clearTimeout(timer));
  };
}

/** The page rendered a region of this remote (a view of this page load, once). */
export function reportRemoteRendered(remote: string): void {
  events?.viewedRemote(remote);
}

/** A remote's entry or module did not load. */
export function reportLoadFailure(remote: string, error: unknown): void {
  if (error && typeof error === 'object') loadFailures.add(error);
  events?.error(remote, 'load');
}

/** A region's error boundary caught this error (a failed load counts once, as `load`). */
export function reportBoundaryError(remote: string, error: unknown): void {
  if (error && typeof error === 'object' && loadFailures.has(error)) return;
  events?.error(remote, 'boundary');
}

/**
 * A call to the API failed (`status` 0: no answer). Remotes share one API client, so the call is
 * put down to the remote of the page's route, whose screen makes the page's calls.
 */
export function reportApiFailure(status: number): void {
  const remote = typeof window === 'undefined' ? null : mainRemoteOf(window.location.pathname);
  if (remote) events?.apiFailure(remote, status);
}

/** Sends what waits now (tests; the page flushes on its own timers and when hidden). */
export function flushTelemetry(): void {
  flushNow();
}

/** Forgets this page load's telemetry (unit tests). */
export function stopTelemetry(): void {
  listeners?.abort();
  listeners = null;
  events = null;
  flushNow = () => undefined;
  remotes = {};
}
