import type { CanaryState, ReleaseCheckReply, ReleaseOrder } from '@carebook/shared';
import type { CanaryStatus } from './canary';
import type { ReleaseStoreContract } from './release-store';

/**
 * A remote's canary watch (issue 42; docs/operations.md "Canary releases"). The API holds the
 * telemetry and the rule but cannot reach a remote's releases, so the remote's own server reports
 * its live release and running canary to `POST <api>/api/v1/releases/<remote>/check` (header
 * `X-Releases-Key`: RELEASES_API_KEY) every {@link CHECK_MS} while a canary runs (every
 * {@link IDLE_MS} otherwise, so the admin app knows the live release), and carries out the order
 * the API answers on its store at once: `withdraw` (the rule fired), `promote`, `rollback`. Then
 * it reports again, so the API sees the canary ended. Followers and the host pick the change up
 * as after any release command (PostgreSQL's NOTIFY, or their next read of `/release.json`).
 *
 * With PostgreSQL, replicas each run a watch; an order is carried out under the store's
 * `exclusively()` lock after reading the canary again, so two replicas act once, and acting on a
 * canary that ended already does nothing.
 */
export const CHECK_MS = 10_000;
export const IDLE_MS = 60_000;
/** A check that gets no answer within this long is given up (the next one tries again). */
const TIMEOUT_MS = 8000;

export interface CanaryWatchOptions {
  store: ReleaseStoreContract;
  /** The API's base address, e.g. `http://localhost:4000`. */
  apiUrl: string;
  key: string;
  checkMs?: number;
  idleMs?: number;
  now?: () => Date;
  log?: (message: string) => void;
}

/** What one check did. */
export interface CheckOutcome {
  order: ReleaseOrder;
  /** What was carried out on the store (null: nothing). */
  done: 'withdrawn' | 'promoted' | 'rolled back' | null;
  rule: ReleaseCheckReply['rule'];
}

export interface CanaryWatch {
  /** Checks now (and acts on the order); the loop goes on from here. */
  checkNow(): Promise<CheckOutcome>;
  /**
   * The remote's canary changed (started or ended): check at once and go on from there at the
   * pace that suits it, rather than at the end of the idle wait (up to {@link IDLE_MS}).
   */
  poke(): void;
  stop(): Promise<void>;
}

export function canaryStateOf(status: CanaryStatus): CanaryState {
  return {
    id: status.id,
    base: status.base,
    share: status.share,
    stage: status.stage,
    stageCount: status.stageCount,
    stageEndsAt: status.stageEndsAt,
    state: status.state,
    startedAt: status.startedAt,
    ...(status.contact ? { contact: status.contact } : {}),
  };
}

export function startCanaryWatch(options: CanaryWatchOptions): CanaryWatch {
  const { store, key } = options;
  const now = options.now ?? (() => new Date());
  const log = options.log ?? ((message: string) => console.log(message));
  const checkMs = options.checkMs ?? CHECK_MS;
  const idleMs = options.idleMs ?? IDLE_MS;
  const url = `${options.apiUrl.replace(/\/+$/, '')}/api/v1/releases/${encodeURIComponent(store.remote)}/check`;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let running: Promise<CheckOutcome> | null = null;
  let failing = false;

  const report = async (): Promise<{ reply: ReleaseCheckReply; canary: CanaryStatus | null }> => {
    const canary = await store.canary(now());
    const live = (await store.live())?.id ?? null;
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-releases-key': key },
      body: JSON.stringify({ live, canary: canary ? canaryStateOf(canary) : null }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const body = (await response.json().catch(() => null)) as (ReleaseCheckReply & { message?: string }) | null;
    if (!response.ok || !body?.success) throw new Error(`the API answered ${response.status}${body?.message ? `: ${body.message}` : ''}`);
    return { reply: body, canary };
  };

  /** Carries `order` out if its canary is still the one running (read again under the store's lock). */
  const carryOut = async (order: Exclude<ReleaseOrder, { action: 'none' }>): Promise<CheckOutcome['done']> => {
    const act = async (): Promise<CheckOutcome['done']> => {
      const current = await store.canary(now());
      if (current?.id !== order.canary) return null;
      if (order.action === 'withdraw') return (await store.withdraw(order.canary, { note: order.note, now: now() })) ? 'withdrawn' : null;
      if (order.action === 'promote') {
        await store.promote({ note: order.note, now: now() });
        return 'promoted';
      }
      await store.rollback({ now: now() });
      return 'rolled back';
    };
    return store.exclusively ? store.exclusively(act) : act();
  };

  const check = async (): Promise<CheckOutcome> => {
    const { reply } = await report();
    let done: CheckOutcome['done'] = null;
    if (reply.order.action !== 'none') {
      done = await carryOut(reply.order);
      if (done) {
        log(`${store.remote}: canary ${reply.order.canary} ${done} (${reply.order.note})`);
        // Tell the API at once: it ends the order and records how the canary ended.
        await report().catch(() => undefined);
      }
    }
    return { order: reply.order, done, rule: reply.rule };
  };

  // One timer at a time: a poke while a check is on its way starts a tick of its own, and both
  // ticks schedule the next; without the clear, the first one's timer was lost (not cleared by
  // stop, so a check ran after the server had closed) and each such poke added a loop.
  const schedule = (ms: number): void => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
    timer.unref();
  };

  const checkNow = (): Promise<CheckOutcome> => {
    running ??= check().finally(() => {
      running = null;
    });
    return running;
  };

  const tick = async (): Promise<void> => {
    if (stopped) return;
    let next = idleMs;
    try {
      await checkNow();
      failing = false;
      next = (await store.canary(now())) ? checkMs : idleMs;
    } catch (error) {
      if (!failing && !stopped) log(`${store.remote}: the canary watch could not reach the API at ${url} (${error instanceof Error ? error.message : String(error)}); trying again`);
      failing = true;
      next = checkMs;
    }
    schedule(next);
  };

  schedule(0);
  return {
    checkNow,
    poke() {
      if (stopped) return;
      if (timer) clearTimeout(timer);
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}
