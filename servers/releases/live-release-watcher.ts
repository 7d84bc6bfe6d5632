import type { ReleaseInfo } from './release-store';
import { askLiveRelease, liveRemotesFrom, releaseInfoOf, type LiveRelease, type LiveRemotes, type RemoteAddress } from './live-remotes';

/** How often each remote is asked for its live release, and how long one answer may take. */
const POLL_INTERVAL_MS = 1000;
const POLL_TIMEOUT_MS = 800;
/**
 * How long a remote whose release is known may leave every question unanswered (timed out, not
 * refused) before it counts as down. A remote that is only slow (a busy machine, a balancer trying
 * a dead replica first) keeps its release meanwhile: pages keep rendering it, and its files are
 * still served by every replica.
 */
const SILENCE_MS = 5000;

/** One remote's live release changed: a release, a rollback, or the remote went down or came back. */
export interface LiveReleaseChange {
  remote: string;
  /** The release before (null: the remote was not answering, or had not answered yet). */
  previous: ReleaseInfo | null;
  /** The release now (null: the remote stopped answering). */
  next: ReleaseInfo | null;
  /** Every remote's live release, this change included. */
  live: LiveRemotes;
}

export type LiveReleaseListener = (change: LiveReleaseChange) => void;

export interface LiveReleaseWatcherOptions {
  intervalMs?: number;
  timeoutMs?: number;
  silenceMs?: number;
  /** Where a remote's going down and coming back are told (an operator's log); console by default. */
  log?: (line: string) => void;
}

/** One started run: stopping aborts its questions in flight and clears its timers. */
interface Run {
  inFlight: Set<AbortController>;
  timers: Map<string, NodeJS.Timeout>;
  /** Remotes poked while their question was in flight: asked again at once after it. */
  pending: Set<string>;
}

const sameCanary = (a: LiveRelease | null, b: LiveRelease | null): boolean => JSON.stringify(a?.canary ?? null) === JSON.stringify(b?.canary ?? null);
const sameRelease = (a: LiveRelease | null, b: LiveRelease | null): boolean => a?.id === b?.id && a?.entry === b?.entry && sameCanary(a, b);

/**
 * Learns each remote's live release in the background, so a page load never waits on a remote:
 * every remote is asked on its own, about once per interval, and the next question is asked only
 * once the previous answer came (or timed out), so a hanging remote never piles up requests and
 * never delays the others. A release or rollback shows on page loads within one interval.
 *
 * Until a remote first answers, and while it does not (refused, an error reply, or no answer at
 * all for `silenceMs`), it gets its stable `/remoteEntry.js` and a null release (browsers then show
 * its region's fallback and retry it on their own). Questions that only time out keep a known
 * release until the silence has lasted that long: slow answers are a busy moment, not an outage.
 */
export class LiveReleaseWatcher {
  private readonly intervalMs: number;
  private readonly timeoutMs: number;
  private readonly silenceMs: number;
  private readonly log: (line: string) => void;
  private readonly answers = new Map<string, LiveRelease | null>();
  private readonly listeners = new Set<LiveReleaseListener>();
  /** Remotes whose questions have timed out since then (ms since the epoch) while their release was known. */
  private readonly silentSince = new Map<string, number>();
  private snapshot: LiveRemotes;
  private run: Run | null = null;
  private firstRound: Promise<void> = Promise.resolve();

  constructor(
    private readonly addresses: readonly RemoteAddress[],
    options: LiveReleaseWatcherOptions = {},
  ) {
    this.intervalMs = options.intervalMs ?? POLL_INTERVAL_MS;
    this.timeoutMs = options.timeoutMs ?? POLL_TIMEOUT_MS;
    this.silenceMs = options.silenceMs ?? SILENCE_MS;
    this.log = options.log ?? ((line) => console.warn(line));
    this.snapshot = liveRemotesFrom(addresses, this.answers);
  }

  /** Every remote's live release as last learned; never waits. Treat it as read-only. */
  current(): LiveRemotes {
    return this.snapshot;
  }

  /** Calls `listener` after each change of a remote's live release; returns the unsubscribe. */
  onChange(listener: LiveReleaseListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts polling. Resolves once every remote answered or failed its first question (within
   * the timeout), so a server that awaits it serves the live releases from its first page.
   */
  start(): Promise<void> {
    if (this.run) return this.firstRound;
    const run: Run = { inFlight: new Set(), timers: new Map(), pending: new Set() };
    this.run = run;
    this.firstRound = Promise.all(this.addresses.map((address) => this.poll(run, address))).then(() => undefined);
    return this.firstRound;
  }

  /** Stops polling: clears the timers and abandons questions in flight. What was learned stays. */
  stop(): void {
    const run = this.run;
    if (!run) return;
    this.run = null;
    for (const timer of run.timers.values()) clearTimeout(timer);
    run.timers.clear();
    for (const question of run.inFlight) question.abort();
    run.inFlight.clear();
    this.silentSince.clear();
  }

  /**
   * Asks `remote` (every remote when null) now instead of at its next turn: a poke, when the
   * host learns of a release some other way (PostgreSQL's NOTIFY). A question already in flight
   * is let finish and the remote is asked again after it.
   */
  refresh(remote: string | null = null): void {
    const run = this.run;
    if (!run) return;
    for (const address of this.addresses) {
      if (remote !== null && address.name !== remote) continue;
      const timer = run.timers.get(address.name);
      if (!timer) {
        run.pending.add(address.name);
        continue;
      }
      clearTimeout(timer);
      run.timers.delete(address.name);
      void this.poll(run, address);
    }
  }

  private async poll(run: Run, address: RemoteAddress): Promise<void> {
    const startedAt = Date.now();
    // One controller per question, aborted by its own timer or by stop(): nothing outlives it.
    const question = new AbortController();
    let timedOut = false;
    const timeout = setTimeout(() => {
      timedOut = true;
      question.abort();
    }, this.timeoutMs);
    run.inFlight.add(question);
    let failure = '';
    const answer = await askLiveRelease(address, question.signal, (why) => {
      failure = why;
    });
    clearTimeout(timeout);
    run.inFlight.delete(question);
    if (this.run !== run) return;
    // Late answers from a remote that was answering are a busy moment, not an outage: keep its
    // release (and the pages rendered with it) until it has been silent for `silenceMs`. A refused
    // connection or an error reply counts at once.
    const known = Boolean(this.answers.get(address.name));
    const silentSince = this.silentSince.get(address.name) ?? startedAt;
    if (answer === null && timedOut && known && Date.now() - silentSince < this.silenceMs) {
      this.silentSince.set(address.name, silentSince);
    } else {
      const silentFor = this.silentSince.has(address.name) ? Date.now() - silentSince : 0;
      this.silentSince.delete(address.name);
      if (answer === null && known) {
        this.log(`${address.name}: ${timedOut ? `no answer for ${silentFor} ms` : failure || 'no release'}; serving its fallback until it answers`);
      } else if (answer !== null && !this.answers.get(address.name) && this.answers.has(address.name)) {
        this.log(`${address.name}: answering again with release ${answer.id}`);
      }
      this.record(address.name, answer);
    }
    const wait = run.pending.delete(address.name) ? 0 : Math.max(0, this.intervalMs - (Date.now() - startedAt));
    const timer = setTimeout(() => void this.poll(run, address), wait);
    timer.unref();
    run.timers.set(address.name, timer);
  }

  private record(remote: string, answer: LiveRelease | null): void {
    const previous = this.answers.get(remote) ?? null;
    this.answers.set(remote, answer);
    if (sameRelease(previous, answer)) return;
    this.snapshot = liveRemotesFrom(this.addresses, this.answers);
    const change: LiveReleaseChange = { remote, previous: releaseInfoOf(previous), next: releaseInfoOf(answer), live: this.snapshot };
    for (const listener of this.listeners) {
      try {
        listener(change);
      } catch (error) {
        // A listener's failure must not stop the polling the whole site depends on.
        console.error(`Live release listener failed on ${remote}:`, error);
      }
    }
  }
}
