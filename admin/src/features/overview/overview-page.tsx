import { useCallback, useMemo, type ReactNode } from 'react';
import { getAdminAppointments } from '../../api/admin-api';
import { Loading, LoadError } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { usePageTitle } from '../../hooks/use-page-title';
import { useResource } from '../../hooks/use-resource';
import { DayCard } from './day-card';
import { WaitlistFigures } from './waitlist-figures';
import { summarizeWeek, weekByDoctor, weekDays } from './week-summary';
import styles from './overview-page.module.css';

/** Today and the rest of the booking week at a glance: per day and per doctor. */
export function OverviewPage(): ReactNode {
  usePageTitle('Overview');
  const { api, timeZone } = useAdminSession();
  const days = useMemo(() => weekDays(new Date(), timeZone), [timeZone]);
  const first = days[0]?.iso ?? '';
  const last = days[days.length - 1]?.iso ?? '';
  const load = useCallback(() => getAdminAppointments(api, { from: first, to: last }), [api, first, last]);
  const { state, reload } = useResource(load);
  const summary = useMemo(() => summarizeWeek(days, state.data ?? []), [days, state.data]);
  const perDoctor = useMemo(() => weekByDoctor(summary), [summary]);

  return (
    <>
      <div className={styles.heading}>
        <h1>Overview</h1>
        <p>Today and the next six days, in the clinic&apos;s time zone ({timeZone}). Cancelled visits are not counted.</p>
      </div>
      {state.status === 'error' && <LoadError message={state.message} onRetry={() => void reload()} />}
      {state.status === 'loading' && !state.data && <Loading label="Loading this week's appointments..." />}
      {state.data && (
        <>
          <ul className={styles.days} aria-label="This week by day">
            {summary.map((day) => (
              <DayCard key={day.iso} day={day} />
            ))}
          </ul>
          <section className={styles.section} aria-labelledby="per-doctor-title">
            <h2 id="per-doctor-title">This week by doctor</h2>
            {perDoctor.length === 0 ? (
              <p className={styles.muted}>No appointments booked this week yet.</p>
            ) : (
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">Doctor</th>
                    <th scope="col">Appointments</th>
                  </tr>
                </thead>
                <tbody>
                  {perDoctor.map((doctor) => (
                    <tr key={doctor.docId}>
                      <th scope="row">{doctor.name}</th>
                      <td>{doctor.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </section>
        </>
      )}
      <WaitlistFigures />
    </>
  );
}
