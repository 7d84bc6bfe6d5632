import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, MESSAGES } from '@carebook/shared';
import { type AuditEntry, type AuditQuery, getAudit } from '../../api/activity-api';
import { useAdminSession } from '../../session/admin-session';

export interface ActivityState {
  entries: AuditEntry[];
  status: 'loading' | 'ready' | 'error';
  message: string;
  /** Where the next older page starts; `null` when there is none. */
  nextBefore: number | null;
}

const PAGE = 50;

/** The activity matching `query`, newest first, one page at a time ("Show older"). */
export function useActivity(query: AuditQuery): { state: ActivityState; more: () => Promise<void>; reload: () => Promise<void> } {
  const { api } = useAdminSession();
  const [state, setState] = useState<ActivityState>({ entries: [], status: 'loading', message: '', nextBefore: null });
  const latest = useRef(0);

  const load = useCallback(
    async (before: number | null) => {
      const call = ++latest.current;
      setState((current) => ({ ...current, status: 'loading' }));
      try {
        const page = await getAudit(api, { ...query, limit: PAGE, ...(before ? { before } : {}) });
        if (call !== latest.current) return;
        setState((current) => ({
          entries: before ? [...current.entries, ...page.entries] : page.entries,
          status: 'ready',
          message: '',
          nextBefore: page.nextBefore,
        }));
      } catch (error) {
        if (call === latest.current) setState((current) => ({ ...current, status: 'error', message: errorMessage(error, MESSAGES.unexpectedError) }));
      }
    },
    [api, query],
  );

  useEffect(() => {
    setState({ entries: [], status: 'loading', message: '', nextBefore: null });
    void load(null);
  }, [load]);

  return { state, more: () => load(state.nextBefore), reload: () => load(null) };
}
