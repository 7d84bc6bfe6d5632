import { telemetryBeaconSchema } from '@carebook/testing';
import type { RuntimeConfig, TelemetryBeacon } from '@carebook/shared';
import {
  flushTelemetry,
  newPageId,
  reportApiFailure,
  reportBoundaryError,
  reportLoadFailure,
  reportRemoteRendered,
  sendBeacon,
  startTelemetry,
  stopTelemetry,
  type TelemetryOptions,
} from './telemetry';
import { FIRST_FLUSH_MS } from './page-events';

import * as sender from './sender';
import { watchVitals } from './vitals';
import type * as WebVitals from 'web-vitals';

jest.mock('web-vitals', () => ({ onLCP: jest.fn(), onINP: jest.fn(), onCLS: jest.fn() }));

const config: RuntimeConfig = {
  apiUrl: 'http://api.test/',
  adminUrl: 'http://admin.test',
  remotes: { doctors: 'http://doctors.test/releases/r2/remoteEntry.js', booking: 'http://booking.test/remoteEntry.js' },
  releases: { doctors: { id: 'r2', builtAt: '2026-11-28T00:00:00Z' }, booking: { id: 'b1', builtAt: '2026-11-27T00:00:00Z' } },
  canary: ['doctors'],
};

function start(options: TelemetryOptions = {}) {
  const sent: { endpoint: string; beacon: TelemetryBeacon }[] = [];
  const send = (endpoint: string, text: string): boolean => {
    sent.push({ endpoint, beacon: telemetryBeaconSchema.parse(JSON.parse(text)) });
    return true;
  };
  startTelemetry(config, { send, loadSender: async () => sender, loadVitals: async () => ({ watchVitals }), vitalsDelayMs: 0, ...options });
  return sent;
}

/** Moves jest's clock on (fake timers), running the promises each timer starts too. */
const advance = (ms: number) => jest.advanceTimersByTimeAsync(ms);

const events = (sent: { beacon: TelemetryBeacon }[]) => sent.flatMap(({ beacon }) => beacon.events);

function setVisibility(state: DocumentVisibilityState): void {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
}

describe('the page telemetry', () => {
  afterEach(() => {
    jest.useRealTimers();
    stopTelemetry();
    setVisibility('visible');
    window.history.replaceState(null, '', '/');
  });

  it('makes a new random page id per page load, in the shape the contract takes', () => {
    const ids = new Set(Array.from({ length: 50 }, newPageId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{16}$/);
  });

  it("takes the page id the host's server gave a page it reported a failed region of", () => {
    const meta = document.createElement('meta');
    meta.name = 'carebook-page';
    meta.content = 'srv-page-0123456789';
    document.head.append(meta);
    try {
      const sent = start();
      reportRemoteRendered('doctors');
      flushTelemetry();
      expect(sent[0]?.beacon.page).toBe('srv-page-0123456789');
    } finally {
      meta.remove();
    }
  });

  it('sends what waits to the API when the page is hidden, tagged with releases and canaries', () => {
    const sent = start();
    reportRemoteRendered('doctors');
    setVisibility('hidden');
    window.dispatchEvent(new Event('visibilitychange'));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.endpoint).toBe('http://api.test/api/v1/telemetry');
    expect(sent[0]?.beacon).toMatchObject({ releases: { doctors: 'r2', booking: 'b1' }, canary: ['doctors'], events: [{ type: 'view', remotes: ['doctors'] }] });
  });

  it('sends on pagehide, and carries no address, query or user', () => {
    window.history.replaceState(null, '', '/doctors?email=patient%40example.com');
    const sent = start();
    reportRemoteRendered('doctors');
    reportApiFailure(401);
    window.dispatchEvent(new Event('pagehide'));
    expect(events(sent)).toEqual([
      { type: 'view', remotes: ['doctors'] },
      { type: 'api', remote: 'doctors', status: '4xx' },
    ]);
    expect(JSON.stringify(sent)).not.toMatch(/example|email|\/doctors/);
  });

  it('counts a failed load once: the boundary that then shows its fallback does not count it again', () => {
    const sent = start();
    const failed = new Error('Failed to fetch remoteEntry.js');
    reportLoadFailure('booking', failed);
    reportBoundaryError('booking', failed);
    reportBoundaryError('doctors', new Error('list threw'));
    flushTelemetry();
    expect(events(sent)).toEqual([
      { type: 'error', remote: 'booking', kind: 'load' },
      { type: 'error', remote: 'doctors', kind: 'boundary' },
    ]);
  });

  it("reports a script error of a remote's code, and ignores the host's own and hidden ones", () => {
    const sent = start();
    window.dispatchEvent(new ErrorEvent('error', { filename: 'http://booking.test/src_slot.js', message: 'x is undefined' }));
    window.dispatchEvent(new ErrorEvent('error', { filename: 'http://localhost/main.js', message: 'host' }));
    window.dispatchEvent(new ErrorEvent('error', { filename: '', message: 'Script error.' }));
    const rejected = new Error('rejected');
    rejected.stack = 'Error: rejected\n    at load (http://doctors.test/releases/r2/list.js:1:1)';
    const event = new Event('unhandledrejection') as Event & { reason?: unknown };
    event.reason = rejected;
    window.dispatchEvent(event);
    flushTelemetry();
    expect(events(sent)).toEqual([
      { type: 'error', remote: 'booking', kind: 'script' },
      { type: 'error', remote: 'doctors', kind: 'script' },
    ]);
  });

  it('records from the start and sends on pagehide before the sender has come, which sends none of it again', async () => {
    jest.useFakeTimers();
    const loadSender = jest.fn(async () => sender);
    const sent = start({ loadSender });
    reportRemoteRendered('doctors');
    reportBoundaryError('doctors', new Error('list threw'));
    window.dispatchEvent(new Event('pagehide'));
    expect(loadSender).not.toHaveBeenCalled();
    expect(events(sent)).toEqual([
      { type: 'view', remotes: ['doctors'] },
      { type: 'error', remote: 'doctors', kind: 'boundary' },
    ]);
    await advance(FIRST_FLUSH_MS);
    expect(loadSender).toHaveBeenCalledTimes(1);
    flushTelemetry();
    expect(sent).toHaveLength(1);
  });

  it('asks for the sender when the first beacon is due, and it sends at once what was recorded before it came', async () => {
    jest.useFakeTimers();
    const loadSender = jest.fn(async () => sender);
    const sent = start({ loadSender });
    await advance(60_000);
    // No event yet: no beacon is due, the sender is not asked for.
    expect(loadSender).not.toHaveBeenCalled();
    reportRemoteRendered('doctors');
    reportApiFailure(503);
    window.dispatchEvent(new ErrorEvent('error', { filename: 'http://booking.test/src_slot.js', message: 'x is undefined' }));
    await advance(FIRST_FLUSH_MS - 1);
    expect(loadSender).not.toHaveBeenCalled();
    expect(sent).toHaveLength(0);
    await advance(1);
    expect(loadSender).toHaveBeenCalledTimes(1);
    expect(sent.map(({ beacon }) => beacon.events)).toEqual([
      [
        { type: 'view', remotes: ['doctors'] },
        { type: 'api', remote: 'doctors', status: '5xx' },
        { type: 'error', remote: 'booking', kind: 'script' },
      ],
    ]);
    // Later events go with the sender's next beacon, or as the page is hidden.
    reportBoundaryError('doctors', new Error('list threw'));
    setVisibility('hidden');
    window.dispatchEvent(new Event('visibilitychange'));
    expect(sent.map(({ beacon }) => beacon.events)).toEqual([expect.any(Array), [{ type: 'error', remote: 'doctors', kind: 'boundary' }]]);
  });

  it('keeps what was recorded when the sender does not come, and sends it as the page is hidden', async () => {
    jest.useFakeTimers();
    const sent = start({ loadSender: () => Promise.reject(new Error('offline')) });
    reportRemoteRendered('doctors');
    await advance(60_000);
    expect(sent).toHaveLength(0);
    setVisibility('hidden');
    window.dispatchEvent(new Event('visibilitychange'));
    expect(events(sent)).toEqual([{ type: 'view', remotes: ['doctors'] }]);
  });

  it('loads web-vitals only once the page has settled, or at the first tap', async () => {
    jest.useFakeTimers();
    const loadVitals = jest.fn(async () => ({ watchVitals }));
    startTelemetry(config, { send: () => true, loadSender: async () => sender, loadVitals, vitalsDelayMs: 60_000 });
    reportRemoteRendered('doctors');
    await advance(FIRST_FLUSH_MS + 1000);
    expect(loadVitals).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('pointerdown'));
    await advance(0);
    expect(loadVitals).toHaveBeenCalledTimes(1);
    loadVitals.mockClear();
    // Without a tap: once the page has been open the delay.
    stopTelemetry();
    startTelemetry(config, { send: () => true, loadSender: async () => sender, loadVitals, vitalsDelayMs: 60_000 });
    reportRemoteRendered('doctors');
    await advance(59_000);
    expect(loadVitals).not.toHaveBeenCalled();
    await advance(1000);
    expect(loadVitals).toHaveBeenCalledTimes(1);
  });

  it('reports the web vitals web-vitals gives it', async () => {
    const vitals = jest.requireMock<Record<'onLCP' | 'onINP' | 'onCLS', jest.Mock>>('web-vitals');
    vitals.onLCP.mockImplementation((report: (metric: Partial<WebVitals.LCPMetric>) => void) => report({ value: 2400.5 }));
    vitals.onINP.mockImplementation((report: (metric: Partial<WebVitals.INPMetric>) => void) => report({ value: 180 }));
    vitals.onCLS.mockImplementation((report: (metric: Partial<WebVitals.CLSMetric>) => void) => report({ value: 0.04 }));
    jest.useFakeTimers();
    const sent = start();
    reportRemoteRendered('doctors');
    await advance(FIRST_FLUSH_MS + 1);
    flushTelemetry();
    expect(events(sent)).toEqual([
      { type: 'view', remotes: ['doctors'] },
      { type: 'vital', name: 'LCP', value: 2400.5 },
      { type: 'vital', name: 'INP', value: 180 },
      { type: 'vital', name: 'CLS', value: 0.04 },
    ]);
  });

  it('does nothing before it is started (the server render, a test)', () => {
    reportRemoteRendered('doctors');
    reportLoadFailure('doctors', new Error('x'));
    expect(() => flushTelemetry()).not.toThrow();
  });
});

describe('sendBeacon', () => {
  const original = { sendBeacon: navigator.sendBeacon, fetch: globalThis.fetch };
  afterEach(() => {
    Object.assign(navigator, { sendBeacon: original.sendBeacon });
    globalThis.fetch = original.fetch;
  });

  it('sends the JSON as text with navigator.sendBeacon', () => {
    const beacon = jest.fn(() => true);
    Object.assign(navigator, { sendBeacon: beacon });
    expect(sendBeacon('http://api.test/api/v1/telemetry', '{"v":1}')).toBe(true);
    expect(beacon).toHaveBeenCalledWith('http://api.test/api/v1/telemetry', '{"v":1}');
  });

  it('falls back to a keepalive fetch of text/plain (no preflight) when the beacon is refused', () => {
    Object.assign(navigator, { sendBeacon: jest.fn(() => false) });
    const fetched = jest.fn(async () => new Response(null, { status: 204 }));
    globalThis.fetch = fetched as unknown as typeof fetch;
    expect(sendBeacon('http://api.test/api/v1/telemetry', '{"v":1}')).toBe(true);
    expect(fetched).toHaveBeenCalledWith('http://api.test/api/v1/telemetry', expect.objectContaining({ method: 'POST', body: '{"v":1}', keepalive: true, headers: { 'Content-Type': 'text/plain' } }));
  });
});
