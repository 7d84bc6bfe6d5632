import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from '@carebook/shared/router';
import { Empty, Loading, LoadError } from '../../components/load-state';
import { usePageTitle } from '../../hooks/use-page-title';
import { ActivityEntry } from './activity-entry';
import { useActivity } from './use-activity';
import styles from './activity.module.css';

/** One appointment's history: who booked, moved, cancelled, marked it paid or completed, and when. */
export function AppointmentHistoryPage(): ReactNode {
  usePageTitle('Appointment history');
  const { appointmentId = '' } = useParams();
  const query = useMemo(() => ({ appointmentId }), [appointmentId]);
  const { state, more } = useActivity(query);
  const first = state.entries.at(-1);
  return (
    <>
      <p>
        <Link to="/appointments">← All appointments</Link>
      </p>
      <h1 className={styles.title}>Appointment history</h1>
      {first && (
        <p className={styles.muted}>
          {first.patient ? `Patient: ${first.patient.name ?? first.patient.id}` : ''}
          {first.doctor ? ` · Doctor: ${first.doctor.name ?? first.doctor.id}` : ''}
        </p>
      )}
      {state.status === 'error' && <LoadError message={state.message} onRetry={() => void more()} />}
      {state.status === 'loading' && state.entries.length === 0 && <Loading label="Loading the history..." />}
      {state.status === 'ready' && state.entries.length === 0 && <Empty>Nothing has been recorded for this appointment.</Empty>}
      {state.entries.length > 0 && (
        <ol className={styles.list} aria-label="History, newest first">
          {state.entries.map((entry) => (
            <ActivityEntry key={entry.seq} entry={entry} />
          ))}
        </ol>
      )}
    </>
  );
}
