import { useEffect } from 'react';
import { SESSION_COOKIE_PATH } from '@carebook/shared';
import { TOKEN_KEY, useApp } from '@carebook/shared/react';

/** This tab handed the host's server the token ending so (sessionStorage: once per tab, not per page). */
const HANDED_KEY = 'carebook-session-cookie';

function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value) window.sessionStorage.setItem(key, value);
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage disabled: the token is handed over again on the next page, which is harmless.
  }
}

/**
 * Keeps the host's session cookie (HttpOnly, SameSite=Strict) beside the stored token, so the
 * doctor's page's own form books for this patient before the app has arrived, or without
 * JavaScript (docs/architecture.md, "Booking before the app"). Handed over at login and on the
 * first page of a tab, taken back at logout and when the API refused the token.
 */
export function useSessionCookie(): void {
  const { token } = useApp();
  useEffect(() => {
    const handed = read(() => window.sessionStorage, HANDED_KEY);
    if (token) {
      const mark = token.slice(-16);
      if (handed === mark) return;
      write(HANDED_KEY, mark);
      fetch(SESSION_COOKIE_PATH, { method: 'PUT', headers: { Authorization: `Bearer ${token}` }, credentials: 'same-origin' }).catch(() =>
        write(HANDED_KEY, null),
      );
      return;
    }
    // While the page is being taken over the app starts signed out for a moment: the stored token decides.
    if (read(() => window.localStorage, TOKEN_KEY)) return;
    if (handed === null) return;
    write(HANDED_KEY, null);
    fetch(SESSION_COOKIE_PATH, { method: 'DELETE', credentials: 'same-origin' }).catch(() => undefined);
  }, [token]);
}
