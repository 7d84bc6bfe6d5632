import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from '@carebook/shared/router';
import { formStyles } from '@carebook/shared/forms';
import { getAdminDoctors } from '../../api/admin-api';
import {
  getAdminSessions,
  getPatientSessions,
  revokeAdminSession,
  revokePatientSessions,
} from '../../api/activity-api';
import { Empty, Loading, LoadError } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { usePageTitle } from '../../hooks/use-page-title';
import { useResource } from '../../hooks/use-resource';
import { ActivityEntry } from './activity-entry';
import { ActivityFiltersBar, type ActivityFilters } from './activity-filters';
import { SessionsPanel } from './sessions-panel';
import { useActivity } from './use-activity';
import styles from './activity.module.css';

function readFilters(params: URLSearchParams): ActivityFilters {
  const day = params.get('day') ?? '';
  return {
    patientId: params.get('patient') ?? '',
    doctor: params.get('doctor') ?? '',
    action: params.get('action') ?? '',
    day: /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '',
  };
}

/**
 * Who did what: the audit trail, newest first, filtered by patient, doctor, action and day. With a
 * patient chosen, their open sessions and a way to end them; below, the staff's own sessions.
 */
export function ActivityPage(): ReactNode {
  usePageTitle('Activity');
  const { api } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const loadDoctors = useCallback(() => getAdminDoctors(api), [api]);
  const doctors = useResource(loadDoctors).state.data ?? [];
  const query = useMemo(
    () => ({ patientId: filters.patientId, docId: filters.doctor, action: filters.action, day: filters.day }),
    [filters],
  );
  const { state, more } = useActivity(query);

  const loadPatientSessions = useCallback(
    () => (filters.patientId ? getPatientSessions(api, filters.patientId) : Promise.resolve([])),
    [api, filters.patientId],
  );
  const patientSessions = useResource(loadPatientSessions);
  const loadOwnSessions = useCallback(() => getAdminSessions(api), [api]);
  const ownSessions = useResource(loadOwnSessions);

  function changeFilters(next: ActivityFilters): void {
    const search = new URLSearchParams();
    if (next.patientId) search.set('patient', next.patientId);
    if (next.doctor) search.set('doctor', next.doctor);
    if (next.action) search.set('action', next.action);
    if (next.day) search.set('day', next.day);
    setParams(search, { replace: true });
  }

  const filtered = Object.values(filters).some((value) => value !== '');
  return (
    <>
      <h1 className={styles.title}>Activity</h1>
      <ActivityFiltersBar filters={filters} doctors={doctors} onChange={changeFilters} />
      {filters.patientId && (
        <SessionsPanel
          title="This patient's sessions"
          state={patientSessions.state}
          reload={patientSessions.reload}
          endOne={(session) => revokePatientSessions(api, filters.patientId, session.id)}
          endAll={() => revokePatientSessions(api, filters.patientId)}
        />
      )}
      {state.status === 'error' && <LoadError message={state.message} onRetry={() => void more()} />}
      {state.status === 'loading' && state.entries.length === 0 && <Loading label="Loading activity..." />}
      {state.status === 'ready' && state.entries.length === 0 && (
        <Empty>{filtered ? 'No activity matches these filters.' : 'Nothing has been recorded yet.'}</Empty>
      )}
      {state.entries.length > 0 && (
        <ul className={styles.list} aria-label="Activity" aria-busy={state.status === 'loading'}>
          {state.entries.map((entry) => (
            <ActivityEntry key={entry.seq} entry={entry} onPatient={(patientId) => changeFilters({ ...filters, patientId })} />
          ))}
        </ul>
      )}
      {state.nextBefore !== null && (
        <p className={styles.more}>
          <button type="button" className={formStyles.secondary} disabled={state.status === 'loading'} onClick={() => void more()}>
            Show older activity
          </button>
        </p>
      )}
      <SessionsPanel
        title="Your sessions"
        state={ownSessions.state}
        reload={ownSessions.reload}
        endOne={(session) => revokeAdminSession(api, session.id)}
      />
    </>
  );
}
