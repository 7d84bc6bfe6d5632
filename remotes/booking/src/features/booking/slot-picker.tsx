import type { ReactNode } from 'react';
import { dayOffLabel, dayParts, emptyDayMessage, formatLongDay, formatTime, type SlotDay } from '@carebook/shared';
import { onRadioGroupKeyDown } from './roving-radio';
import styles from './slot-picker.module.css';

export interface SlotPickerProps {
  days: SlotDay[];
  dayKey: string;
  time: string | null;
  onDayChange: (key: string) => void;
  onTimeChange: (time: string) => void;
}

/**
 * The 7-day strip and the free times of the chosen day: two radiogroups, one Tab stop each,
 * arrow keys to move. Each choice is named by exactly what it shows ("Tue 24 Nov", "2:30 PM");
 * the times' group is named by its heading ("Times on Tuesday 24 November"). A day the doctor
 * does not work says so in the strip ("Off", "Away") and below it, so it never reads as fully booked.
 */
export function SlotPicker({ days, dayKey, time, onDayChange, onTimeChange }: SlotPickerProps): ReactNode {
  const day = days.find((candidate) => candidate.key === dayKey) ?? days[0];
  if (!day) return null;
  const timesHeading = `times-${day.key}`;
  const focusableTime = time && day.times.includes(time) ? time : day.times[0];
  return (
    <div className={styles.picker}>
      <div
        className={styles.days}
        role="radiogroup"
        aria-label="Day"
        onKeyDown={(event) => onRadioGroupKeyDown(event, (index) => onDayChange(days[index]?.key ?? day.key))}
      >
        {days.map((candidate) => {
          const selected = candidate.key === day.key;
          const parts = dayParts(candidate);
          const off = dayOffLabel(candidate);
          return (
            <button
              key={candidate.key}
              type="button"
              role="radio"
              aria-checked={selected}
              tabIndex={selected ? 0 : -1}
              className={off ? `${styles.day} ${styles.off}` : styles.day}
              onClick={() => onDayChange(candidate.key)}
            >
              <span className={styles.weekday}>{parts.weekday}</span>{' '}
              <span className={styles.date}>{parts.day}</span> <span className={styles.month}>{parts.month}</span>
              {off ? (
                <>
                  {' '}
                  <span className={styles.offLabel}>{off}</span>
                </>
              ) : null}
            </button>
          );
        })}
      </div>
      <h3 id={timesHeading} className={styles.timesTitle}>
        Times on {formatLongDay(day)}
      </h3>
      {day.times.length === 0 ? (
        <p className={styles.empty}>{emptyDayMessage(day)}</p>
      ) : (
        <div
          className={styles.times}
          role="radiogroup"
          aria-labelledby={timesHeading}
          onKeyDown={(event) => onRadioGroupKeyDown(event, (index) => onTimeChange(day.times[index] ?? ''))}
        >
          {day.times.map((candidate) => (
            <button
              key={candidate}
              type="button"
              role="radio"
              aria-checked={candidate === time}
              tabIndex={candidate === focusableTime ? 0 : -1}
              className={styles.time}
              onClick={() => onTimeChange(candidate)}
            >
              {formatTime(candidate)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
