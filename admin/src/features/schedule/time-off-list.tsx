import { useEffect, useRef, type ReactNode } from 'react';
import { clinicToday } from '@carebook/shared';
import { formStyles, TextField } from '@carebook/shared/forms';
import { useAdminSession } from '../../session/admin-session';
import type { ScheduleEditorState } from './use-schedule-editor';
import styles from './schedule.module.css';

/** Days away (holidays, leave): from-to day ranges in the clinic's calendar, both days included. */
export function TimeOffList({ editor }: { editor: ScheduleEditorState }): ReactNode {
  const { timeZone } = useAdminSession();
  // Keyboard users stay in place: a new range takes focus, and removing one leaves it on "Add".
  const addButton = useRef<HTMLButtonElement>(null);
  const added = useRef(false);
  const count = editor.draft.timeOff.length;
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    document.getElementById(`time-off-${editor.draft.timeOff.length - 1}-from`)?.focus();
  }, [count]);
  return (
    <fieldset className={styles.timeOff}>
      <legend className={styles.dayName}>Time off</legend>
      <p className={formStyles.hint}>Whole days in the clinic's calendar; the first and last day are both off.</p>
      {editor.draft.timeOff.length === 0 && <p className={formStyles.hint}>No time off planned.</p>}
      {editor.draft.timeOff.map((range, at) => (
        <div key={at} className={`${styles.range} ${styles.dates}`}>
          <TextField
            id={`time-off-${at}-from`}
            label={`Time off ${at + 1} from`}
            type="date"
            value={range.from}
            onValueChange={(value) => editor.changeTimeOff(at, 'from', value)}
          />
          <TextField
            id={`time-off-${at}-to`}
            label={`Time off ${at + 1} to`}
            type="date"
            value={range.to}
            onValueChange={(value) => editor.changeTimeOff(at, 'to', value)}
          />
          <button type="button" className={`${formStyles.secondary} ${styles.remove}`} onClick={() => {
              editor.removeTimeOff(at);
              addButton.current?.focus();
            }}>
            Remove<span className="cb-visually-hidden"> time off {at + 1}</span>
          </button>
        </div>
      ))}
      <button
        ref={addButton}
        type="button"
        className={formStyles.link}
        onClick={() => {
          added.current = true;
          editor.addTimeOff(clinicToday(new Date(), timeZone));
        }}
      >
        Add time off
      </button>
    </fieldset>
  );
}
