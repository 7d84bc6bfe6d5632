import { useEffect, useId, useRef, type ReactNode } from 'react';
import { BOOKING_FORM_FIELDS, dayOffLabel, dayParts, emptyDayMessage, formatLongDay, formatTime, type SlotDay } from '@carebook/shared';
import { onRadioGroupKeyDown } from './roving-radio';
import styles from './slot-picker.module.css';

export interface SlotPickerProps {
  days: SlotDay[];
  dayKey: string;
  time: string | null;
  onDayChange: (key: string) => void;
  onTimeChange: (time: string) => void;
  /**
   * The page of each day (`?date=`): the days are then links, so a patient without the app (or
   * without JavaScript) changes day by loading it; the app keeps the change in the page.
   */
  dayHref?: (key: string) => string;
  /** The booking form the times belong to (its `id`): they are sent as its `slotTime` field. */
  form?: string;
}

/**
 * The 7-day strip and the free times of the chosen day: two radiogroups, one Tab stop each,
 * arrow keys to move. Each choice is named by exactly what it shows ("Tue 24 Nov", "2:30 PM");
 * the times' group is named by its heading ("Times on Tuesday 24 November"). A day the doctor
 * does not work says so in the strip ("Off", "Away") and below it, so it never reads as fully booked.
 * The times are the browser's own radio buttons, so they answer a tap in the server's page before
 * any script has run (see TimeChoices).
 */
export function SlotPicker({ days, dayKey, time, onDayChange, onTimeChange, dayHref, form }: SlotPickerProps): ReactNode {
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
            <DayChoice
              key={candidate.key}
              selected={selected}
              className={off ? `${styles.day} ${styles.off}` : styles.day}
              href={dayHref?.(candidate.key)}
              onChoose={() => onDayChange(candidate.key)}
            >
              <span className={styles.weekday}>{parts.weekday}</span>{' '}
              <span className={styles.date}>{parts.day}</span> <span className={styles.month}>{parts.month}</span>
              {off ? (
                <>
                  {' '}
                  <span className={styles.offLabel}>{off}</span>
                </>
              ) : null}
            </DayChoice>
          );
        })}
      </div>
      <h3 id={timesHeading} className={styles.timesTitle}>
        Times on {formatLongDay(day)}
      </h3>
      {day.times.length === 0 ? (
        <p className={styles.empty}>{emptyDayMessage(day)}</p>
      ) : (
        <TimeChoices key={day.key} times={day.times} time={time} labelledBy={timesHeading} onTimeChange={onTimeChange} form={form} />
      )}
    </div>
  );
}

interface DayChoiceProps {
  selected: boolean;
  className: string | undefined;
  /** A link to the day's page, or (none) a button. */
  href: string | undefined;
  onChoose: () => void;
  children: ReactNode;
}

/** One day of the strip: a radio drawn as a button, or as a link that works before the app. */
function DayChoice({ selected, className, href, onChoose, children }: DayChoiceProps): ReactNode {
  const common = { role: 'radio', 'aria-checked': selected, tabIndex: selected ? 0 : -1, className } as const;
  if (href === undefined) {
    return (
      <button type="button" {...common} onClick={onChoose}>
        {children}
      </button>
    );
  }
  return (
    <a
      {...common}
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onChoose();
      }}
      // A radio is chosen with Space too (a link only follows Enter).
      onKeyDown={(event) => {
        if (event.key !== ' ') return;
        event.preventDefault();
        onChoose();
      }}
    >
      {children}
    </a>
  );
}

interface TimeChoicesProps {
  times: string[];
  time: string | null;
  labelledBy: string;
  onTimeChange: (time: string) => void;
  form: string | undefined;
}

/**
 * The free times as native radio buttons (one Tab stop, arrow keys move, as the browser does it),
 * each drawn as a chip it covers. A patient on a slow phone taps a time in the server's HTML while
 * the app is still loading, and the browser checks it there and then; when the app takes over the
 * page (React keeps what the patient checked), the time checked before is adopted as the choice.
 */
function TimeChoices({ times, time, labelledBy, onTimeChange, form }: TimeChoicesProps): ReactNode {
  const groupName = useId();
  // In a booking form the checked time is its `slotTime`, and one must be checked to send it.
  const name = form ? BOOKING_FORM_FIELDS.slotTime : groupName;
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
            form={form}
            required={Boolean(form)}
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
