/** How often a failure already logged is logged again, as a count. */
export const REPEAT_LOG_MS = 60_000;
/** Failures remembered at most (a flood of distinct ones starts the memory afresh). */
const MAX_KNOWN = 200;

type Log = (...parts: unknown[]) => void;

interface Known {
  loggedAt: number;
  since: number;
}

/** The same failure: the same error at the same place (a stack's first frame names the release's file). */
function failureKey(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const frame = error.stack?.split('\n').find((line) => line.trimStart().startsWith('at ')) ?? '';
  return `${error.name}: ${error.message} ${frame.trim()}`;
}

/**
 * The log of screens that threw on the server. A screen that throws does so for every patient who
 * opens it (a broken release: each view is a stack of 70 lines): each failure is logged in full
 * the first time, then at most once every {@link REPEAT_LOG_MS} as one line with how many times it
 * recurred. A new release's failure is a new one (its stack names the release).
 */
export function renderFailureLog(log: Log = console.error): (error: unknown, now?: number) => void {
  const known = new Map<string, Known>();
  return (error, now = Date.now()) => {
    const key = failureKey(error);
    const seen = known.get(key);
    if (!seen) {
      if (known.size >= MAX_KNOWN) known.clear();
      known.set(key, { loggedAt: now, since: 0 });
      log('A screen failed to render on the server; the browser renders it:', error);
      return;
    }
    seen.since += 1;
    if (now - seen.loggedAt < REPEAT_LOG_MS) return;
    const seconds = Math.round((now - seen.loggedAt) / 1000);
    const message = error instanceof Error ? error.message : String(error);
    log(`A screen failed to render on the server ${seen.since} more times in ${seconds} s; the browser renders it: ${message}`);
    seen.loggedAt = now;
    seen.since = 0;
  };
}
