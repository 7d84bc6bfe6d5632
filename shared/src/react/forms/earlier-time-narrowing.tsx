import { useId, type ReactNode } from 'react';
import { WEEKDAY_NAMES, WEEKDAYS, type Weekday } from '../../domain/schedule';
import type { WaitlistRequest } from '../../types/api';
import styles from './earlier-time-narrowing.module.css';

type PartOfDay = NonNullable<WaitlistRequest['partOfDay']>;

/** The contract's parts of the day (a type-only tie, so the form kit does not bundle the contract). */
const PARTS_OF_DAY: readonly PartOfDay[] = ['any', 'morning', 'afternoon'];

/** Which earlier times a patient accepts: empty parts mean "any". `before` is `YYYY-MM-DD` or ''. */
export interface Narrowing {
  before: string;
  weekdays: Weekday[];
  partOfDay: PartOfDay;
}

/** Any earlier time: what one tap on "Yes, notify me" asks for. */
export const ANY_TIME: Narrowing = { before: '', weekdays: [], partOfDay: 'any' };

const DAY_LABELS: Record<Weekday, string> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };
const PART_LABELS: Record<Narrowing['partOfDay'], string> = { any: 'Any time of day', morning: 'Mornings (before 1 PM)', afternoon: 'Afternoons (from 1 PM)' };

/** `2026-11-30` -> `2026-12-01`. */
function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

/** The request's narrowing fields: only the parts the patient chose (nothing: any earlier time). */
export function narrowingRequest(narrowing: Narrowing): Pick<WaitlistRequest, 'before' | 'weekdays' | 'partOfDay'> {
  return {
    ...(narrowing.before !== '' ? { before: narrowing.before } : {}),
    // In the week's order, whatever order they were ticked in.
    ...(narrowing.weekdays.length > 0 ? { weekdays: WEEKDAYS.filter((day) => narrowing.weekdays.includes(day)) } : {}),
    ...(narrowing.partOfDay !== 'any' ? { partOfDay: narrowing.partOfDay } : {}),
  };
}

export interface EarlierTimeNarrowingProps {
  value: Narrowing;
  onChange: (value: Narrowing) => void;
  /** The clinic's today (`YYYY-MM-DD`): the "before" field starts the day after (before today holds no time). */
  today?: string;
  disabled?: boolean;
}

/**
 * "Only some times?": folded away, so one tap and the confirmation ask for any earlier time; open,
 * it narrows the request to days before a date, some weekdays, and mornings or afternoons.
 */
export function EarlierTimeNarrowing({ value, onChange, today, disabled = false }: EarlierTimeNarrowingProps): ReactNode {
  const id = useId();
  const minDay = today ? dayAfter(today) : undefined;
  const toggleDay = (day: Weekday, on: boolean): void =>
    onChange({ ...value, weekdays: on ? [...value.weekdays.filter((d) => d !== day), day] : value.weekdays.filter((d) => d !== day) });
  return (
    <details className={styles.narrowing}>
      <summary>Only some times? (optional)</summary>
      <div className={styles.field}>
        <label htmlFor={`${id}-before`}>Only on days before</label>
        <input
          id={`${id}-before`}
          type="date"
          value={value.before}
          min={minDay}
          disabled={disabled}
          onChange={(event) => onChange({ ...value, before: event.target.value })}
        />
      </div>
      <fieldset className={styles.group} disabled={disabled}>
        <legend>Only on these days (none ticked: any day)</legend>
        <div className={styles.days}>
          {WEEKDAYS.map((day) => (
            <label key={day} className={styles.choice}>
              <input type="checkbox" checked={value.weekdays.includes(day)} onChange={(event) => toggleDay(day, event.target.checked)} />
              <span aria-hidden="true">{DAY_LABELS[day]}</span>
              <span className="cb-visually-hidden">{WEEKDAY_NAMES[day]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className={styles.group} disabled={disabled}>
        <legend>Time of day</legend>
        {PARTS_OF_DAY.map((part) => (
          <label key={part} className={styles.choice}>
            <input type="radio" name={`${id}-part`} value={part} checked={value.partOfDay === part} onChange={() => onChange({ ...value, partOfDay: part })} />
            {PART_LABELS[part]}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
