import { useCallback, useEffect, useState } from 'react';
import { errorMessage, getSessions, MESSAGES, type Session } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';

export type SessionsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; sessions: Session[] };

/** The patient's open sessions, reloadable after one is ended or the password changed. */
export function useSessions(): { state: SessionsState; reload: () => Promise<void> } {
  const { api, token } = useApp();
  const [state, setState] = useState<SessionsState>({ status: 'loading' });

  const reload = useCallback(async () => {
    if (!token) return;
    try {
      setState({ status: 'ready', sessions: await getSessions(api) });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error, MESSAGES.unexpectedError) });
    }
  }, [api, token]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  return { state, reload };
}
