import { useEffect, useId, useRef, type ReactNode } from 'react';
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
 * The times are the browser's own radio buttons, so they answer a tap in the server's page before
 * any script has run (see TimeChoices).
 */
export function SlotPicker({ days, dayKey, time, onDayChange, onTimeChange }: SlotPickerProps): ReactNode {
  const day = days.find((candidate) => candidate.key === dayKey) ?? days[0];
  if (!day) return null;
  const timesHeading = `times-${day.key}`;
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
        <TimeChoices key={day.key} times={day.times} time={time} labelledBy={timesHeading} onTimeChange={onTimeChange} />
      )}
    </div>
  );
}

interface TimeChoicesProps {
  times: string[];
  time: string | null;
  labelledBy: string;
  onTimeChange: (time: string) => void;
}

/**
 * The free times as native radio buttons (one Tab stop, arrow keys move, as the browser does it),
 * each drawn as a chip it covers. A patient on a slow phone taps a time in the server's HTML while
 * the app is still loading, and the browser checks it there and then; when the app takes over the
 * page (React keeps what the patient checked), the time checked before is adopted as the choice.
 */
function TimeChoices({ times, time, labelledBy, onTimeChange }: TimeChoicesProps): ReactNode {
  const name = useId();
  const group = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  useEffect(() => {
    if (!firstRender.current) return;
    firstRender.current = false;
    const checked = group.current?.querySelector<HTMLInputElement>('input:checked');
    if (checked && checked.value !== time) onTimeChange(checked.value);
  }, [time, onTimeChange]);
  return (
    <div ref={group} className={styles.times} role="radiogroup" aria-labelledby={labelledBy}>
      {times.map((candidate) => (
        <label key={candidate} className={styles.timeChoice}>
          <input
            type="radio"
            name={name}
            value={candidate}
            className={styles.timeInput}
            checked={candidate === time}
            onChange={() => onTimeChange(candidate)}
          />
          <span className={styles.time}>{formatTime(candidate)}</span>
        </label>
      ))}
    </div>
  );
}
