import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { LiveReleaseWatcher, type LiveReleaseChange } from './live-release-watcher';
import type { RemoteAddress } from './live-remotes';

const INTERVAL_MS = 500;
const TIMEOUT_MS = 1000;
/** Two questions timed out and a bit: a known release is kept through two late answers in a row. */
const SILENCE_MS = 2 * TIMEOUT_MS + INTERVAL_MS;
// The watcher's own timers take a test up to 4.5 s (rounds of intervals and timeouts), too close to
// jest's default of 5 s: a late timer on a busy machine failed one that was on time by its own rules.
jest.setTimeout(6 * TIMEOUT_MS + 4 * INTERVAL_MS);
const RELEASE_A = { id: '20261125T200000000Z-aaaaaaaa', builtAt: '2026-11-25T20:00:00.000Z' };
const RELEASE_B = { id: '20261125T201000000Z-bbbbbbbb', builtAt: '2026-11-25T20:10:00.000Z' };

type Release = typeof RELEASE_A;

/** A remote's `/release.json`, answering whatever release `live` holds; counts the questions. */
interface FakeRemote {
  live: Release;
  /** The canary it offers in `/release.json` (null: none). */
  canary: Record<string, unknown> | null;
  port: number;
  questions: number;
  /** Questions left to answer only after `lateByMs`. */
  lateAnswers: number;
  lateByMs: number;
  /** Stops answering (still accepting connections). */
  hangs: boolean;
  close(): Promise<void>;
}

/** A remote that accepts connections, reads the requests and never answers; counts its connections. */
interface HangingRemote {
  port: number;
  open: number;
  mostOpen: number;
  accepted: number;
  close(): Promise<void>;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function listen(server: net.Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

async function fakeRemote(live: Release, port = 0): Promise<FakeRemote> {
  const server = http.createServer((request, response) => {
    remote.questions += 1;
    if (request.url !== '/release.json') {
      response.writeHead(404).end();
      return;
    }
    if (remote.hangs) return;
    const answer = (): void => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ name: 'pages', ...remote.live, entry: `/releases/${remote.live.id}/remoteEntry.js`, canary: remote.canary }));
    };
    if (remote.lateAnswers > 0) {
      remote.lateAnswers -= 1;
      setTimeout(answer, remote.lateByMs);
    } else answer();
  });
  const remote: FakeRemote = {
    live,
    canary: null,
    port: await listen(server, port),
    questions: 0,
    lateAnswers: 0,
    lateByMs: 0,
    hangs: false,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  cleanups.push(() => (server.listening ? remote.close() : undefined));
  return remote;
}

async function hangingRemote(): Promise<HangingRemote> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    remote.accepted += 1;
    remote.open = sockets.size;
    remote.mostOpen = Math.max(remote.mostOpen, sockets.size);
    socket.resume();
    socket.on('error', () => undefined);
    socket.on('close', () => {
      sockets.delete(socket);
      remote.open = sockets.size;
    });
  });
  const remote: HangingRemote = {
    port: await listen(server),
    open: 0,
    mostOpen: 0,
    accepted: 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
  cleanups.push(() => (server.listening ? remote.close() : undefined));
  return remote;
}

const address = (name: string, port: number): RemoteAddress => ({
  name,
  publicOrigin: `http://public-${name}.test`,
  internalOrigin: `http://127.0.0.1:${port}`,
});

/** What the watchers told the operator's log. */
const logged: string[] = [];
afterEach(() => {
  logged.length = 0;
});

function watch(addresses: RemoteAddress[]): { watcher: LiveReleaseWatcher; changes: LiveReleaseChange[] } {
  const watcher = new LiveReleaseWatcher(addresses, { intervalMs: INTERVAL_MS, timeoutMs: TIMEOUT_MS, silenceMs: SILENCE_MS, log: (line) => logged.push(line) });
  const changes: LiveReleaseChange[] = [];
  watcher.onChange((change) => changes.push(change));
  cleanups.push(() => watcher.stop());
  return { watcher, changes };
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, withinMs = 2000): Promise<void> {
  const deadline = performance.now() + withinMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`not true within ${withinMs} ms`);
    await sleep(10);
  }
}

/** Resolves with the first change `accept` takes, and how long after the call it came. */
function nextChange(
  watcher: LiveReleaseWatcher,
  accept: (change: LiveReleaseChange) => boolean,
  withinMs: number,
): Promise<{ change: LiveReleaseChange; afterMs: number }> {
  const since = performance.now();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`no such change within ${withinMs} ms`));
    }, withinMs);
    const unsubscribe = watcher.onChange((change) => {
      if (!accept(change)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve({ change, afterMs: performance.now() - since });
    });
  });
}

describe('LiveReleaseWatcher', () => {
  it('gives every remote its stable entry and no release before the first answer', () => {
    const { watcher } = watch([address('pages', 9), address('doctors', 9)]);
    expect(watcher.current()).toEqual({
      remotes: { pages: 'http://public-pages.test/remoteEntry.js', doctors: 'http://public-doctors.test/remoteEntry.js' },
      releases: { pages: null, doctors: null },
      canaries: {},
    });
  });

  it('answers at once while one remote hangs, and learns the others on time', async () => {
    const hanging = await hangingRemote();
    const doctors = await fakeRemote(RELEASE_A);
    const { watcher } = watch([address('pages', hanging.port), address('doctors', doctors.port)]);

    const startedAt = performance.now();
    const firstRound = watcher.start();
    // Read while the first questions are out: a plain value (never a promise that waits on them).
    const before = watcher.current();
    expect(before).not.toBeInstanceOf(Promise);
    expect(before.releases).toEqual({ pages: null, doctors: null });

    await firstRound;
    // The first round ends with the hanging remote's timeout, not later.
    expect(performance.now() - startedAt).toBeLessThan(TIMEOUT_MS + 400);
    expect(watcher.current()).toEqual({
      remotes: {
        pages: 'http://public-pages.test/remoteEntry.js',
        doctors: `http://public-doctors.test/releases/${RELEASE_A.id}/remoteEntry.js`,
      },
      releases: { pages: null, doctors: RELEASE_A },
      canaries: {},
    });

    // While the hanging remote is asked again and again, reading the releases never waits on it:
    // each read, taken while a question to it is open, gives the last known state as a plain value.
    const known = watcher.current();
    const readsWhileHanging: unknown[] = [];
    // The hanging remote is asked again once each question timed out (the timeout is the longer).
    const watchUntil = performance.now() + 3 * TIMEOUT_MS;
    while (performance.now() < watchUntil) {
      if (hanging.open === 1) readsWhileHanging.push(watcher.current());
      await sleep(10);
    }
    expect(readsWhileHanging.length).toBeGreaterThan(10);
    for (const read of readsWhileHanging) expect(read).toEqual(known);
    // Asked again and again, one question at a time (each abandoned at the timeout).
    expect(hanging.accepted).toBeGreaterThanOrEqual(3);
    expect(hanging.mostOpen).toBe(1);
    expect(doctors.questions).toBeGreaterThanOrEqual(3);
  });

  it('sees a release switch within one interval and reports it once', async () => {
    const pages = await fakeRemote(RELEASE_A);
    const { watcher, changes } = watch([address('pages', pages.port)]);
    await watcher.start();
    expect(changes).toEqual([
      expect.objectContaining({ remote: 'pages', previous: null, next: RELEASE_A }),
    ]);

    const seen = nextChange(watcher, (change) => change.next?.id === RELEASE_B.id, 5 * INTERVAL_MS);
    pages.live = RELEASE_B;
    const { change, afterMs } = await seen;
    // One interval, plus the answer's own time on a loaded machine.
    expect(afterMs).toBeLessThanOrEqual(INTERVAL_MS + TIMEOUT_MS);
    expect(change).toEqual({
      remote: 'pages',
      previous: RELEASE_A,
      next: RELEASE_B,
      live: {
        remotes: { pages: `http://public-pages.test/releases/${RELEASE_B.id}/remoteEntry.js` },
        releases: { pages: RELEASE_B },
        canaries: {},
      },
    });
    expect(watcher.current()).toBe(change.live);

    // The same answer again is no change.
    await sleep(3 * INTERVAL_MS);
    expect(changes.map((recorded) => recorded.next?.id)).toEqual([RELEASE_A.id, RELEASE_B.id]);
  });

  it('learns a canary a remote offers, reports its start and end as changes, and ignores a malformed one', async () => {
    const pages = await fakeRemote(RELEASE_A);
    const { watcher } = watch([address('pages', pages.port)]);
    await watcher.start();
    expect(watcher.current().canaries).toEqual({});

    const stages = [{ share: 10, durationMs: 300_000 }, { share: 50, durationMs: null }];
    const started = nextChange(watcher, (change) => 'pages' in change.live.canaries, 5 * INTERVAL_MS);
    pages.canary = { ...RELEASE_B, entry: `/releases/${RELEASE_B.id}/remoteEntry.js`, startedAt: RELEASE_B.builtAt, stages };
    const { change } = await started;
    expect(change.live.canaries.pages).toEqual({
      ...RELEASE_B,
      entry: `http://public-pages.test/releases/${RELEASE_B.id}/remoteEntry.js`,
      startedAt: RELEASE_B.builtAt,
      stages,
    });
    // The live release is unchanged for everyone else.
    expect(change.live.releases.pages).toEqual(RELEASE_A);

    const ended = nextChange(watcher, (next) => !('pages' in next.live.canaries), 5 * INTERVAL_MS);
    pages.canary = { ...RELEASE_B, entry: 'no-slash', startedAt: RELEASE_B.builtAt, stages };
    expect((await ended).change.live.releases.pages).toEqual(RELEASE_A);
  });

  it('notices a remote going down and recovers by itself when it is back', async () => {
    const first = await fakeRemote(RELEASE_A);
    const { watcher } = watch([address('pages', first.port)]);
    await watcher.start();
    expect(watcher.current().releases.pages).toEqual(RELEASE_A);

    const down = nextChange(watcher, (change) => change.next === null, 5 * INTERVAL_MS);
    await first.close();
    expect((await down).change).toEqual(expect.objectContaining({ remote: 'pages', previous: RELEASE_A, next: null }));
    // A refused connection (or one cut by the closing remote) counts at once, and the operator is told why.
    expect(logged).toEqual([expect.stringMatching(/^pages: .+; serving its fallback until it answers$/)]);
    expect(watcher.current()).toEqual({ remotes: { pages: 'http://public-pages.test/remoteEntry.js' }, releases: { pages: null }, canaries: {} });

    const back = nextChange(watcher, (change) => change.next !== null, 5 * INTERVAL_MS);
    await fakeRemote(RELEASE_B, first.port);
    expect((await back).change).toEqual(expect.objectContaining({ remote: 'pages', previous: null, next: RELEASE_B }));
    expect(watcher.current().remotes.pages).toBe(`http://public-pages.test/releases/${RELEASE_B.id}/remoteEntry.js`);
    expect(logged.at(-1)).toBe(`pages: answering again with release ${RELEASE_B.id}`);
  });

  it('keeps a release through late answers, and reports the remote down once it has been silent for the silence limit', async () => {
    const pages = await fakeRemote(RELEASE_A);
    const { watcher, changes } = watch([address('pages', pages.port)]);
    await watcher.start();

    // Two late answers in a row (a busy machine, a balancer trying a dead replica first) keep the release.
    pages.lateByMs = TIMEOUT_MS + 200;
    pages.lateAnswers = 2;
    const asked = pages.questions;
    await until(() => pages.questions >= asked + 4, 12 * INTERVAL_MS);
    expect(watcher.current().releases.pages).toEqual(RELEASE_A);
    expect(changes.map((change) => change.next?.id ?? null)).toEqual([RELEASE_A.id]);
    expect(logged).toEqual([]);

    const down = nextChange(watcher, (change) => change.next === null, 12 * INTERVAL_MS);
    const hungAt = pages.questions;
    pages.hangs = true;
    const { afterMs } = await down;
    // Questions time out at 1 s, 2 s and 3 s: the third is past the 2.5 s of silence allowed.
    expect(pages.questions - hungAt).toBe(3);
    expect(afterMs).toBeGreaterThanOrEqual(SILENCE_MS);
    expect(changes.map((change) => change.next?.id ?? null)).toEqual([RELEASE_A.id, null]);
    expect(logged).toEqual([expect.stringMatching(/^pages: no answer for \d+ ms; serving its fallback until it answers$/)]);
  }, 20_000);

  it('counts a reply that is not a release as not answering', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ id: 42 }));
    });
    const port = await listen(server);
    cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { watcher, changes } = watch([address('pages', port)]);
    await watcher.start();
    expect(watcher.current().releases.pages).toBeNull();
    expect(changes).toEqual([]);
  });

  it('asks nothing more once stopped, and abandons a question in flight', async () => {
    const hanging = await hangingRemote();
    const pages = await fakeRemote(RELEASE_A);
    const { watcher } = watch([address('pages', pages.port), address('account', hanging.port)]);
    void watcher.start();
    await until(() => hanging.open === 1);

    watcher.stop();
    await until(() => hanging.open === 0);
    const asked = pages.questions;
    await sleep(3 * INTERVAL_MS);
    expect(pages.questions).toBe(asked);
    expect(hanging.accepted).toBe(1);
  });

  it('keeps polling when a listener throws', async () => {
    const pages = await fakeRemote(RELEASE_A);
    const { watcher } = watch([address('pages', pages.port)]);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    cleanups.push(() => errors.mockRestore());
    watcher.onChange(() => {
      throw new Error('listener broke');
    });
    await watcher.start();
    expect(errors).toHaveBeenCalledWith('Live release listener failed on pages:', expect.any(Error));

    const seen = nextChange(watcher, (change) => change.next?.id === RELEASE_B.id, 5 * INTERVAL_MS);
    pages.live = RELEASE_B;
    await expect(seen).resolves.toEqual(expect.objectContaining({ change: expect.objectContaining({ next: RELEASE_B }) }));
  });
});
