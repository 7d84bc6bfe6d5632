import { memoryRateLimitStore, MEMORY_STORE_KEYS } from './memory-rate-limit-store';

interface Hits {
  current: number;
  ttl: number;
}

/** The store's answer, which it gives through a callback. */
function call(method: (key: string, callback: (error: Error | null, result?: Hits) => void, timeWindow: number) => void, key: string, timeWindow: number): Hits {
  let answer: Hits | undefined;
  method(key, (error, result) => {
    if (error) throw error;
    answer = result;
  }, timeWindow);
  if (!answer) throw new Error('no answer');
  return answer;
}

describe('the in-memory rate-limit store', () => {
  let clock = 1_000_000;
  const Store = memoryRateLimitStore(() => clock);
  const store = () => new Store();

  it('gives every call of a burst its own count, not one shared counter', () => {
    const limits = store();
    const answers = Array.from({ length: 5 }, () => call(limits.incr.bind(limits), 'a', 60_000));
    expect(answers.map((answer) => answer.current)).toEqual([1, 2, 3, 4, 5]);
  });

  it('counts in fixed windows: the ttl runs down, and the first hit after the window starts a new one', () => {
    const limits = store();
    expect(call(limits.incr.bind(limits), 'k', 60_000)).toEqual({ current: 1, ttl: 60_000 });
    clock += 20_000;
    expect(call(limits.incr.bind(limits), 'k', 60_000)).toEqual({ current: 2, ttl: 40_000 });
    clock += 40_000;
    expect(call(limits.incr.bind(limits), 'k', 60_000)).toEqual({ current: 1, ttl: 60_000 });
  });

  it('reads without counting, and reads an ended window as empty', () => {
    const limits = store();
    call(limits.incr.bind(limits), 'r', 1_000);
    call(limits.incr.bind(limits), 'r', 1_000);
    expect(call(limits.read.bind(limits), 'r', 1_000)).toEqual({ current: 2, ttl: 1_000 });
    expect(call(limits.read.bind(limits), 'r', 1_000)).toEqual({ current: 2, ttl: 1_000 });
    expect(call(limits.read.bind(limits), 'unknown', 1_000)).toEqual({ current: 0, ttl: 0 });
    clock += 1_000;
    expect(call(limits.read.bind(limits), 'r', 1_000)).toEqual({ current: 0, ttl: 0 });
  });

  it("keeps each route's counts apart", () => {
    const parent = store();
    const login = parent.child();
    const signup = parent.child();
    call(login.incr.bind(login), 'same-key', 60_000);
    expect(call(signup.incr.bind(signup), 'same-key', 60_000).current).toBe(1);
  });

  it('drops the least recently counted key past its size, never the ones in use', () => {
    const limits = store();
    call(limits.incr.bind(limits), 'first', 60_000);
    call(limits.incr.bind(limits), 'busy', 60_000);
    for (let i = 0; i < MEMORY_STORE_KEYS - 2; i += 1) call(limits.incr.bind(limits), `other-${i}`, 60_000);
    call(limits.incr.bind(limits), 'busy', 60_000);
    call(limits.incr.bind(limits), 'one-more', 60_000);
    expect(call(limits.read.bind(limits), 'first', 60_000).current).toBe(0);
    expect(call(limits.read.bind(limits), 'busy', 60_000).current).toBe(2);
  });
});
