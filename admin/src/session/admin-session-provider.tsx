import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createApiClient, getClinic, type ApiClient } from '@carebook/shared';
import { endAdminSession } from '../api/activity-api';
import { AdminSessionContext, type AdminSessionValue } from './admin-session';

/** Not the site's `token` key: a patient's session must never be taken for an admin's. */
export const ADMIN_TOKEN_KEY = 'carebook-admin-token';

function readToken(): string | null {
  try {
    return window.localStorage.getItem(ADMIN_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

function writeToken(token: string | null): void {
  try {
    if (token) window.localStorage.setItem(ADMIN_TOKEN_KEY, token);
    else window.localStorage.removeItem(ADMIN_TOKEN_KEY);
  } catch {
    // Storage can be disabled; the session then lasts as long as the page.
  }
}

/**
 * The admin's session: the token, one API client that sends it, and the clinic's time zone.
 * A 401 from any call (expired token, or a token that is not an admin's) ends the session, so the
 * login screen shows.
 */
export function AdminSessionProvider({ apiUrl, apiClient, children }: { apiUrl: string; apiClient?: ApiClient; children: ReactNode }): ReactNode {
  const [token, setToken] = useState<string | null>(readToken);
  const tokenRef = useRef(token);
  const [timeZone, setTimeZone] = useState('UTC');
  const [loggedOut, setLoggedOut] = useState(false);
  const [sessionEnded, setSessionEnded] = useState(false);

  const store = useCallback((next: string | null) => {
    tokenRef.current = next;
    writeToken(next);
    setToken(next);
  }, []);

  const api = useMemo(
    () =>
      apiClient ??
      createApiClient({
        baseUrl: apiUrl,
        getToken: () => tokenRef.current,
        onUnauthorized: () => {
          if (!tokenRef.current) return;
          setSessionEnded(true);
          store(null);
        },
      }),
    [apiClient, apiUrl, store],
  );

  useEffect(() => {
    getClinic(api).then(
      (clinic) => setTimeZone(clinic.timeZone),
      () => setTimeZone('UTC'),
    );
  }, [api]);

  const value = useMemo<AdminSessionValue>(
    () => ({
      api,
      token,
      signIn: (next) => {
        setLoggedOut(false);
        setSessionEnded(false);
        store(next);
      },
      signOut: () => {
        if (token) endAdminSession(api).catch(() => undefined);
        setLoggedOut(true);
        setSessionEnded(false);
        store(null);
      },
      loggedOut,
      sessionEnded,
      timeZone,
    }),
    [api, token, store, loggedOut, sessionEnded, timeZone],
  );
  return <AdminSessionContext.Provider value={value}>{children}</AdminSessionContext.Provider>;
}
