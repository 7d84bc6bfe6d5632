import { useEffect, useRef, type ReactNode } from 'react';
import { WEEKDAY_NAMES, type Weekday } from '@carebook/shared';
import { formStyles } from '@carebook/shared/forms';
import { END_TIMES, START_TIMES } from './schedule-draft';
import type { ScheduleEditorState } from './use-schedule-editor';
import styles from './schedule.module.css';

const startOptions = START_TIMES.map((time) => ({ value: time, label: time }));
const endOptions = END_TIMES.map((time) => ({ value: time, label: time === '24:00' ? '24:00 (midnight)' : time }));

/** One weekday's hours: zero or more start-end ranges, each removable, and a way to add one. */
export function WeekdayHours({ day, editor }: { day: Weekday; editor: ScheduleEditorState }): ReactNode {
  const name = WEEKDAY_NAMES[day];
  const ranges = editor.draft.weekly[day];
  // Keyboard users stay in place: a new range takes focus, and removing one leaves it on "Add".
  const addButton = useRef<HTMLButtonElement>(null);
  const added = useRef(false);
  const count = ranges.length;
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    document.getElementById(`hours-${day}-${ranges.length - 1}-start`)?.focus();
  }, [count]);
  return (
    <fieldset className={styles.day}>
      <legend className={styles.dayName}>{name}</legend>
      {ranges.length === 0 && <p className={formStyles.hint}>Not working</p>}
      {ranges.map((range, at) => (
        <div key={at} className={styles.range}>
          <TimeSelect
            id={`hours-${day}-${at}-start`}
            context={`${name} hours ${at + 1}`}
            label="from"
            value={range.start}
            options={startOptions}
            onChange={(value) => editor.changeRange(day, at, 'start', value)}
          />
          <TimeSelect
            id={`hours-${day}-${at}-end`}
            context={`${name} hours ${at + 1}`}
            label="until"
            value={range.end}
            options={endOptions}
            onChange={(value) => editor.changeRange(day, at, 'end', value)}
          />
          <button type="button" className={`${formStyles.secondary} ${styles.remove}`} onClick={() => {
              editor.removeRange(day, at);
              addButton.current?.focus();
            }}>
            Remove<span className="cb-visually-hidden"> {name} hours {at + 1}</span>
          </button>
        </div>
      ))}
      <button
        ref={addButton}
        type="button"
        className={formStyles.link}
        onClick={() => {
          added.current = true;
          editor.addRange(day);
        }}
      >
        Add hours<span className="cb-visually-hidden"> on {name}</span>
      </button>
    </fieldset>
  );
}

interface TimeSelectProps {
  id: string;
  /** Read before the visible label by screen readers only: "Monday hours 1". */
  context: string;
  label: 'from' | 'until';
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  onChange: (value: string) => void;
}

/** A half-hour select whose visible label is one word and whose accessible name says which range it is. */
function TimeSelect({ id, context, label, value, options, onChange }: TimeSelectProps): ReactNode {
  return (
    <div className={formStyles.field}>
      <label htmlFor={id} className={styles.oneWord}>
        <span className="cb-visually-hidden">{context} </span>
        {label}
      </label>
      <select id={id} className={`${formStyles.input} ${styles.time}`} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
