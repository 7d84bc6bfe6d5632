import { useEffect, useRef, type ReactNode } from 'react';
import type { Weekday } from '@carebook/shared';
import { formStyles, SelectField } from '@carebook/shared/forms';
import { END_TIMES, START_TIMES, WEEKDAY_NAMES } from './schedule-draft';
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
          <SelectField
            id={`hours-${day}-${at}-start`}
            label={`${name} hours ${at + 1} from`}
            value={range.start}
            options={startOptions}
            onValueChange={(value) => editor.changeRange(day, at, 'start', value)}
          />
          <SelectField
            id={`hours-${day}-${at}-end`}
            label={`${name} hours ${at + 1} until`}
            value={range.end}
            options={endOptions}
            onValueChange={(value) => editor.changeRange(day, at, 'end', value)}
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
