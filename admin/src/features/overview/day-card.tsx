import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import type { DaySummary } from './week-summary';
import styles from './overview-page.module.css';

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** One day of the week: how many visits, with whom, and today's times in order. */
export function DayCard({ day }: { day: DaySummary }): ReactNode {
  const titleId = `day-${day.iso}`;
  return (
    <li className={`${styles.day} ${day.isToday ? styles.today : ''}`}>
      <h2 id={titleId}>{day.isToday ? `Today, ${day.label}` : day.label}</h2>
      <p className={styles.total}>{plural(day.total, 'appointment')}</p>
      {day.total === 0 ? (
        <p className={styles.muted}>Nothing booked yet.</p>
      ) : day.isToday ? (
        <ul className={`${styles.list} ${styles.timeline}`} aria-label="Today's appointments by time">
          {day.appointments.map((appointment) => (
            <li key={appointment._id}>
              <span>
                {appointment.slotTime} · {appointment.docData.name}
              </span>
              <span className={styles.muted}>
                {appointment.userData.name}
                {appointment.isCompleted ? ' (completed)' : ''}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <ul className={styles.list} aria-label={`Appointments per doctor on ${day.label}`}>
          {day.byDoctor.map((doctor) => (
            <li key={doctor.docId}>
              <span>{doctor.name}</span>
              <span>{doctor.count}</span>
            </li>
          ))}
        </ul>
      )}
      <Link className={styles.dayLink} to={`/appointments?date=${day.iso}`}>
        Open this day<span className="cb-visually-hidden">: {day.label}</span>
      </Link>
    </li>
  );
}
