import { useCallback, type ReactNode } from 'react';
import { getWaitlistOverview } from '../../api/admin-api';
import { LoadError } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { useResource } from '../../use-resource';
import styles from './overview-page.module.css';

/** Per doctor: who waits for an earlier time, what was offered and taken, and who did not come. */
export function WaitlistFigures(): ReactNode {
  const { api } = useAdminSession();
  const load = useCallback(() => getWaitlistOverview(api), [api]);
  const { state, reload } = useResource(load);
  return (
    <section className={styles.section} aria-labelledby="waitlist-figures-title">
      <h2 id="waitlist-figures-title">Waitlist and missed visits</h2>
      <p className={styles.muted}>Open requests now; offers, takes and missed visits in the last 7 days.</p>
      {state.status === 'error' && <LoadError message={state.message} onRetry={() => void reload()} />}
      {state.data && (
        <table className={styles.table}>
          <thead>
            <tr>
              <th scope="col">Doctor</th>
              <th scope="col">Waiting</th>
              <th scope="col">Offered</th>
              <th scope="col">Taken</th>
              <th scope="col">Missed</th>
            </tr>
          </thead>
          <tbody>
            {state.data.map((doctor) => (
              <tr key={doctor.docId}>
                <th scope="row">{doctor.name}</th>
                <td>{doctor.openRequests}</td>
                <td>{doctor.offeredThisWeek}</td>
                <td>{doctor.takenThisWeek}</td>
                <td>{doctor.missedThisWeek}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
