import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { doctorPath, doctorSlotPath, freeTimesAhead, type Doctor, type OfferedTime } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { useNow } from '@carebook/shared/web';
import styles from './free-times.module.css';

export interface FreeTimesProps {
  doctor: Doctor;
  /** The id of the list's visible label ("Next free times"), unique on the page. */
  labelId: string;
  className?: string;
}

/**
 * The link's name says whom and when in full, and starts with what the link shows ("Today 2:30 PM"),
 * so a patient who names it by voice is understood: "Book Dr. Ana Ruiz, Today 2:30 PM, Tue 24 Nov",
 * "Book Dr. Ana Ruiz, Thu 9:00 AM, 26 Nov".
 */
function bookingName(doctor: Doctor, time: OfferedTime): string {
  const date = time.fullDay.startsWith(`${time.day} `) ? time.fullDay.slice(time.day.length + 1) : time.fullDay;
  return `Book ${doctor.name}, ${time.day} ${time.time}, ${date}`;
}

/**
 * A doctor's next free times as links to the doctor's page with that time chosen (`?date=&time=`,
 * as the page reads them), and "More times". Ordinary links, so they work in the server's page
 * before any script. Drawn from the live bookings in the clinic's zone; the doctor's page and the
 * API still decide, so a time taken meanwhile is refused there, never booked twice. Nothing for a
 * doctor who is not taking appointments. The links' full names are `aria-label`s, which start with
 * what they show; each time's day is the link's own text beside its `<time>` (no element of its own:
 * fifteen cards of them are parsed and laid out before the list's first paint).
 */
export function FreeTimes({ doctor, labelId, className }: FreeTimesProps): ReactNode {
  const { clinic } = useApp();
  const now = useNow(60_000);
  if (!clinic) return null;
  const times = freeTimesAhead(doctor, now, clinic.timeZone);
  if (!times) return null;
  const classes = className ? `${styles.times} ${className}` : styles.times;
  if (times.length === 0) return <p className={`${classes} ${styles.none}`}>No free times in the next 7 days</p>;
  return (
    <div className={classes}>
      <p id={labelId} className={styles.label}>
        Next free times
      </p>
      <ul className={styles.list} aria-labelledby={labelId}>
        {times.map((time) => (
          <li key={`${time.slotDate} ${time.slotTime}`}>
            <Link className={styles.time} to={doctorSlotPath(doctor._id, time)} aria-label={bookingName(doctor, time)}>
              {`${time.day} `}
              <time dateTime={time.dateTime}>{time.time}</time>
            </Link>
          </li>
        ))}
        <li>
          <Link className={styles.more} to={doctorPath(doctor._id)} aria-label={`More times with ${doctor.name}`}>
            More times
          </Link>
        </li>
      </ul>
    </div>
  );
}
