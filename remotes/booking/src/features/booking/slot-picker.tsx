import type { ReactNode } from 'react';
import { formatLongDay, formatSlotLabel, formatWeekdayShort, MESSAGES, type SlotDay } from '@carebook/shared';
import styles from './slot-picker.module.css';

export interface SlotPickerProps {
  days: SlotDay[];
  dayKey: string;
  time: string | null;
  onDayChange: (key: string) => void;
  onTimeChange: (time: string) => void;
}

/**
 * The 7-day row and the free times of the chosen day. Every control is a real button with a
 * full accessible name ("Tuesday 24 November, 14:30") and `aria-pressed` for the selection.
 */
export function SlotPicker({ days, dayKey, time, onDayChange, onTimeChange }: SlotPickerProps): ReactNode {
  const day = days.find((candidate) => candidate.key === dayKey) ?? days[0];
  if (!day) return null;
  const timesHeading = `times-${day.key}`;
  return (
    <div className={styles.picker}>
      <div className={styles.days} role="group" aria-label="Day">
        {days.map((candidate) => {
          const selected = candidate.key === day.key;
          return (
            <button
              key={candidate.key}
              type="button"
              className={styles.day}
              aria-pressed={selected}
              aria-label={formatLongDay(candidate)}
              onClick={() => onDayChange(candidate.key)}
            >
              <span className={styles.weekday}>{formatWeekdayShort(candidate)}</span>
              <span className={styles.date}>{candidate.day}</span>
            </button>
          );
        })}
      </div>
      <h3 id={timesHeading} className={styles.timesTitle}>
        Times on {formatLongDay(day)}
      </h3>
      {day.times.length === 0 ? (
        <p className={styles.empty}>{MESSAGES.noSlotsLeft}</p>
      ) : (
        <div className={styles.times} role="group" aria-labelledby={timesHeading}>
          {day.times.map((candidate) => (
            <button
              key={candidate}
              type="button"
              className={styles.time}
              aria-pressed={candidate === time}
              aria-label={formatSlotLabel(day, candidate)}
              onClick={() => onTimeChange(candidate)}
            >
              {candidate}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
