/**
 * The patient's session for the page's life: by default in this chunk's memory only, never in the
 * page's storage or cookies. Every widget on the page shares it, so logging in inside a popup also
 * signs in an inline widget beside it, and reopening the popup keeps the session.
 *
 * With `persist: 'session'` (on any widget of the page) the token is also kept in the page's
 * `sessionStorage` under `SESSION_KEY`, so a reload of the tab keeps the patient signed in. The
 * widget runs in the page's own window, so this is the page origin's storage, for that tab only;
 * logging out or a 401 (both set the token to null) removes the key.
 */
export const SESSION_KEY = 'carebook:widget-session';

let token: string | null = null;
let persisted = false;
const listeners = new Set<(token: string | null) => void>();

function change(next: string | null): void {
  token = next;
  if (persisted) write(next);
  for (const listener of listeners) listener(token);
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    // Storage can be blocked (sandboxed frames, privacy settings): the session stays in memory.
    return null;
  }
}

function write(next: string | null): void {
  try {
    if (next) storage()?.setItem(SESSION_KEY, next);
    else storage()?.removeItem(SESSION_KEY);
  } catch {
    // A full or blocked storage leaves the in-memory session, which still works.
  }
}

export const pageSession = {
  get token(): string | null {
    return token;
  },
  set(next: string | null): void {
    if (next !== token) change(next);
  },
  /** `persist: 'session'`: take up a stored session, and store this one from now on. */
  persistInSession(): void {
    if (persisted) return;
    persisted = true;
    const stored = storage()?.getItem(SESSION_KEY) ?? null;
    // A session from before the reload reaches widgets already on the page too.
    if (!token && stored) change(stored);
    else write(token);
  },
  subscribe(listener: (token: string | null) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
