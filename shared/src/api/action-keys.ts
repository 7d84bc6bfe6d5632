/** 128 random bits as hex; `crypto.getRandomValues` works on plain-http pages too (randomUUID does not). */
function randomKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One `Idempotency-Key` per user action. `keyFor(action)` gives the same key while that action
 * (e.g. `book doc01 25_11_2026 14:00`) has not succeeded, so asking again after a failure or a cut
 * connection is a retry the API recognises; `done(action)` forgets it, so the next time is new.
 */
export function createActionKeys(): { keyFor(action: string): string; done(action: string): void } {
  const keys = new Map<string, string>();
  return {
    keyFor(action) {
      const known = keys.get(action);
      if (known) return known;
      const key = randomKey();
      keys.set(action, key);
      return key;
    },
    done(action) {
      keys.delete(action);
    },
  };
}
