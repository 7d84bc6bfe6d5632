import type { FormEvent, ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { WEEKDAYS, type Doctor } from '@carebook/shared';
import { FormAlert, formStyles } from '@carebook/shared/forms';
import { useAdminSession } from '../../session/admin-session';
import { ScheduleConflicts } from './schedule-conflicts';
import { TimeOffList } from './time-off-list';
import { useScheduleEditor } from './use-schedule-editor';
import { WeekdayHours } from './weekday-hours';
import styles from './schedule.module.css';

/**
 * A doctor's working hours per weekday and time off. Problems show as staff edit (the API's own
 * rules); the appointments a change would leave outside the hours show before saving, and the
 * ones it did leave after.
 */
export function ScheduleEditor({ doctor }: { doctor: Doctor }): ReactNode {
  const { timeZone } = useAdminSession();
  const editor = useScheduleEditor(doctor);

  function submit(event: FormEvent): void {
    event.preventDefault();
    void editor.save();
  }

  return (
    <>
      <form className={styles.form} onSubmit={submit} noValidate aria-label={`Working hours of ${doctor.name}`}>
        <p className={formStyles.hint}>
          Patients can book 30-minute visits that fit inside these hours, up to 7 days ahead. Times are in the clinic's time zone
          ({timeZone}).
        </p>
        <div className={styles.week}>
          {WEEKDAYS.map((day) => (
            <WeekdayHours key={day} day={day} editor={editor} />
          ))}
        </div>
        <TimeOffList editor={editor} />
        <FormAlert message={editor.problem ?? editor.failure} />
        <div className={styles.buttons}>
          <button type="submit" className={formStyles.primary} disabled={editor.saving || !editor.dirty}>
            {editor.saving ? 'Saving...' : 'Save hours'}
          </button>
          <button type="button" className={formStyles.secondary} disabled={editor.saving || !editor.dirty} onClick={editor.reset}>
            Undo changes
          </button>
          <Link className={styles.back} to="/doctors">
            Back to doctors
          </Link>
        </div>
      </form>
      <ScheduleConflicts
        conflicts={editor.problem ? null : editor.conflicts}
        preview={editor.dirty}
        checking={editor.checking}
        onChanged={editor.refreshConflicts}
      />
    </>
  );
}
