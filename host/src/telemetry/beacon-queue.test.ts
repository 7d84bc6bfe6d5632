import { telemetryBeaconSchema } from '@carebook/testing';
import type { TelemetryBeacon } from '@carebook/shared';
import { BeaconQueue, FLUSH_EVERY_MS } from './beacon-queue';
import {
  FIRST_FLUSH_MS,
  MAX_API_FAILURES_PER_PAGE,
  MAX_BEACONS_PER_MINUTE,
  MAX_EVENTS_PER_BEACON,
  PageEvents,
} from './page-events';

const config = {
  releases: { doctors: { id: 'r-20261128-0102', builtAt: '2026-11-28T01:02:00Z' }, booking: { id: 'b7', builtAt: '2026-11-27T10:00:00Z' }, pages: null },
  canary: ['doctors'],
};

/** A queue on a hand-driven clock: `advance(ms)` runs the timers that come due. */
function setup(options: { accept?: () => boolean } = {}) {
  let now = 1_000_000;
  const timers = new Map<number, { at: number; run: () => void }>();
  let nextId = 1;
  const sent: TelemetryBeacon[] = [];
  const events = new PageEvents({
    endpoint: 'http://api.test/api/v1/telemetry',
    config,
    pageId: 'page-id-0001',
    send: (endpoint, text) => {
      expect(endpoint).toBe('http://api.test/api/v1/telemetry');
      if (options.accept && !options.accept()) return false;
      // Every beacon sent is one the API takes: parsed with the contract's own schema.
      sent.push(telemetryBeaconSchema.parse(JSON.parse(text)));
      return true;
    },
    now: () => now,
  });
  const queue = new BeaconQueue({
    events,
    setTimer: (run, ms) => {
      const id = nextId++;
      timers.set(id, { at: now + ms, run });
      return id;
    },
    clearTimer: (id) => timers.delete(id as number),
  });
  const advance = (ms: number): void => {
    const end = now + ms;
    for (;;) {
      const due = [...timers.entries()].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = end;
  };
  return { queue, sent, advance, timers };
}

describe('BeaconQueue', () => {
  it('sends the view and the first errors together shortly after the first event, tagged with the releases', () => {
    const { queue, sent, advance } = setup();
    queue.events.viewedRemote('doctors');
    queue.events.viewedRemote('doctors');
    queue.events.error('doctors', 'boundary');
    advance(FIRST_FLUSH_MS - 1);
    expect(sent).toHaveLength(0);
    advance(1);
    expect(sent).toEqual([
      {
        v: 1,
        page: 'page-id-0001',
        releases: { doctors: 'r-20261128-0102', booking: 'b7' },
        canary: ['doctors'],
        events: [
          { type: 'view', remotes: ['doctors'] },
          { type: 'error', remote: 'doctors', kind: 'boundary' },
        ],
      },
    ]);
  });

  it('counts a remote\'s view and each kind of its errors once per page load', () => {
    const { queue, sent, advance } = setup();
    queue.events.viewedRemote('doctors');
    queue.events.error('doctors', 'load');
    queue.events.error('doctors', 'load');
    queue.events.error('doctors', 'script');
    advance(FIRST_FLUSH_MS);
    queue.events.viewedRemote('doctors');
    queue.events.viewedRemote('booking');
    queue.events.error('doctors', 'load');
    advance(FLUSH_EVERY_MS);
    expect(sent.map((beacon) => beacon.events)).toEqual([
      [
        { type: 'view', remotes: ['doctors'] },
        { type: 'error', remote: 'doctors', kind: 'load' },
        { type: 'error', remote: 'doctors', kind: 'script' },
      ],
      [{ type: 'view', remotes: ['booking'] }],
    ]);
  });

  it('sends nothing when nothing happened', () => {
    const { queue, sent, advance, timers } = setup();
    advance(10 * 60_000);
    queue.flush();
    expect(sent).toHaveLength(0);
    expect(timers.size).toBe(0);
  });

  it('puts at most 50 events in a beacon, the rest in the next', () => {
    const { queue, sent, advance } = setup();
    queue.events.viewedRemote('doctors');
    for (let i = 0; i < 70; i += 1) queue.events.vital('CLS', i / 100);
    advance(FIRST_FLUSH_MS);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.events).toHaveLength(MAX_EVENTS_PER_BEACON);
    expect(sent[0]?.events[0]).toEqual({ type: 'view', remotes: ['doctors'] });
    expect(sent[1]?.events).toHaveLength(71 - MAX_EVENTS_PER_BEACON);
    expect(sent.flatMap((beacon) => beacon.events).filter((event) => event.type === 'vital')).toHaveLength(70);
  });

  it(`sends at most ${MAX_BEACONS_PER_MINUTE} beacons a minute, however often it is flushed, and the rest after`, () => {
    const { queue, sent, advance } = setup();
    for (let i = 0; i < 10; i += 1) {
      queue.events.vital('LCP', 1000 + i);
      queue.flush();
      advance(1000);
    }
    expect(sent).toHaveLength(MAX_BEACONS_PER_MINUTE);
    advance(60_000);
    expect(sent).toHaveLength(MAX_BEACONS_PER_MINUTE + 1);
    expect(sent.flatMap((beacon) => beacon.events)).toHaveLength(10);
  });

  it('keeps the events of a beacon the browser did not take, and sends them with the next', () => {
    let accept = false;
    const { queue, sent, advance } = setup({ accept: () => accept });
    queue.events.viewedRemote('doctors');
    queue.events.apiFailure('doctors', 503);
    advance(FIRST_FLUSH_MS);
    expect(sent).toHaveLength(0);
    accept = true;
    advance(FLUSH_EVERY_MS);
    expect(sent.map((beacon) => beacon.events)).toEqual([
      [
        { type: 'view', remotes: ['doctors'] },
        { type: 'api', remote: 'doctors', status: '5xx' },
      ],
    ]);
  });

  it('sends API failures by class, bounded per page load', () => {
    const { queue, sent } = setup();
    queue.events.apiFailure('booking', 0);
    queue.events.apiFailure('booking', 404);
    queue.events.apiFailure('booking', 500);
    for (let i = 0; i < 100; i += 1) queue.events.apiFailure('booking', 502);
    queue.flush();
    queue.flush();
    queue.flush();
    const events = sent.flatMap((beacon) => beacon.events);
    expect(events.slice(0, 3)).toEqual([
      { type: 'api', remote: 'booking', status: 'network' },
      { type: 'api', remote: 'booking', status: '4xx' },
      { type: 'api', remote: 'booking', status: '5xx' },
    ]);
    expect(events).toHaveLength(MAX_API_FAILURES_PER_PAGE);
  });

  it('sends nothing from a page that knows no release', () => {
    const sent: string[] = [];
    const queue = new BeaconQueue({ events: new PageEvents({ endpoint: 'x', config: { releases: {} }, pageId: 'page-id-0002', send: (_e, text) => sent.push(text) > 0 }) });
    expect(queue.events.enabled).toBe(false);
    queue.events.viewedRemote('doctors');
    queue.flush();
    expect(sent).toEqual([]);
  });
});
