import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, MESSAGES } from '@carebook/shared';
import { useAdminSession } from '../../session/admin-session';

/** How often the calendar asks whether anything changed: another desk's change shows within this and one reply. */
export const POLL_MS = 2000;

export interface LiveList<T> {
  data: T | null;
  error: string | null;
  /** Asks now (after this desk's own change), without waiting for the next round. */
  refresh: () => Promise<void>;
}

/**
 * A GET that stays current by polling with its ETag: every {@link POLL_MS} (while the tab is
 * visible) it sends `If-None-Match`, and the API answers 304 with no body while nothing changed,
 * so an idle calendar costs one small request every two seconds and no re-render. Chosen over
 * server-sent events because it needs nothing new on the API (every JSON GET already has an ETag),
 * works the same behind any proxy and across several API processes, and holds no connection open.
 * `read` picks the part of the reply the screen needs.
 */
export function useLiveList<Reply, T>(path: string, read: (reply: Reply) => T): LiveList<T> {
  const { api, token } = useAdminSession();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const etag = useRef<string | null>(null);
  const current = useRef(path);
  const readRef = useRef(read);
  readRef.current = read;

  const refresh = useCallback(async () => {
    const asked = path;
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (etag.current && current.current === asked) headers['If-None-Match'] = etag.current;
    try {
      const response = await fetch(`${api.baseUrl}${asked}`, { headers, cache: 'no-store' });
      if (current.current !== asked) return;
      if (response.status === 304) return;
      if (!response.ok) {
        // The client turns the refusal into its message (and a 401 into the end of the session).
        await api.get(asked);
        return;
      }
      const reply = (await response.json()) as Reply;
      if (current.current !== asked) return;
      etag.current = response.headers.get('etag');
      setData(readRef.current(reply));
      setError(null);
    } catch (failure) {
      if (current.current === asked) setError(errorMessage(failure, MESSAGES.networkError));
    }
  }, [api, token, path]);

  useEffect(() => {
    current.current = path;
    etag.current = null;
    void refresh();
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') void refresh();
    }, POLL_MS);
    const onVisible = (): void => {
      if (document.visibilityState === 'visible') void refresh();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [path, refresh]);

  return { data, error, refresh };
}
