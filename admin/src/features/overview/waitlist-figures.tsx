import { useCallback, type ReactNode } from 'react';
import { getWaitlistOverview, type WaitlistFigures as Figures } from '../../api/admin-api';
import { LoadError } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { useResource } from '../../hooks/use-resource';
import styles from './overview-page.module.css';
import figureStyles from './waitlist-figures.module.css';

const FIGURES: ReadonlyArray<readonly [string, Exclude<keyof Figures, 'docId' | 'name'>]> = [
  ['Waiting', 'openRequests'],
  ['Offered', 'offeredThisWeek'],
  ['Taken', 'takenThisWeek'],
  ['Missed', 'missedThisWeek'],
];

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
        <ul className={figureStyles.list} aria-label="Per doctor">
          {state.data.map((doctor) => (
            <li key={doctor.docId} className={figureStyles.row}>
              <span className={figureStyles.name}>{doctor.name}</span>
              <dl className={figureStyles.figures}>
                {FIGURES.map(([label, key]) => (
                  <div key={key}>
                    <dt>{label}</dt>
                    <dd>{doctor[key]}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
