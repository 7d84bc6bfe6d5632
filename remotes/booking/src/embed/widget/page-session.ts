/**
 * The patient's session for the page's life: in this chunk's memory only, never in the page's
 * storage or cookies. Every widget on the page shares it, so logging in inside a popup also
 * signs in an inline widget beside it, and reopening the popup keeps the session.
 */
let token: string | null = null;
const listeners = new Set<(token: string | null) => void>();

export const pageSession = {
  get token(): string | null {
    return token;
  },
  set(next: string | null): void {
    if (next === token) return;
    token = next;
    for (const listener of listeners) listener(token);
  },
  subscribe(listener: (token: string | null) => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
