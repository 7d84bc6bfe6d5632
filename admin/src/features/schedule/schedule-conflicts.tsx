import type { ReactNode } from 'react';
import { formatAppointmentTime } from '@carebook/shared';
import { ConfirmDialog, formStyles } from '@carebook/shared/forms';
import type { AdminAppointment } from '../../api/admin-api';
import { useAppointmentActions } from '../appointments/use-appointment-actions';
import styles from './schedule.module.css';

interface ScheduleConflictsProps {
  conflicts: AdminAppointment[] | null;
  /** `true` while the shown list is for unsaved changes (a dry run), `false` once saved. */
  preview: boolean;
  checking: boolean;
  onChanged: () => void;
}

/**
 * The upcoming appointments outside the hours: kept unless staff cancel one here (after the same
 * confirmation as on the appointments page; the patient is told as for any clinic cancellation).
 */
export function ScheduleConflicts({ conflicts, preview, checking, onChanged }: ScheduleConflictsProps): ReactNode {
  const actions = useAppointmentActions(async () => onChanged());
  const count = conflicts?.length ?? 0;
  let summary: string;
  if (conflicts === null) summary = checking ? 'Checking booked appointments...' : '';
  else if (count === 0) summary = preview ? 'No booked appointment falls outside these hours.' : 'Every upcoming appointment is within these hours.';
  else {
    const them = count === 1 ? '1 upcoming appointment' : `${count} upcoming appointments`;
    summary = preview
      ? `If you save, ${them} will fall outside the hours. They are kept unless you cancel them.`
      : `${them} ${count === 1 ? 'is' : 'are'} outside these hours. They are kept unless you cancel them.`;
  }
  return (
    <section className={styles.conflicts} aria-labelledby="schedule-conflicts" aria-busy={checking}>
      <h2 id="schedule-conflicts">Booked appointments outside the hours</h2>
      <p role="status">{summary}</p>
      {count > 0 && (
        <ul className={styles.conflictList}>
          {conflicts?.map((appointment) => {
            const when = formatAppointmentTime(appointment.slotDate, appointment.slotTime);
            return (
              <li key={appointment._id} className={styles.conflict}>
                <span>
                  <strong>{when}</strong> · {appointment.userData.name}{' '}
                  <span className={formStyles.hint}>({appointment.userData.email})</span>
                </span>
                <button
                  type="button"
                  className={formStyles.secondary}
                  disabled={actions.busyId === appointment._id}
                  onClick={() => actions.act('cancel', appointment)}
                >
                  Cancel<span className="cb-visually-hidden"> the appointment of {appointment.userData.name}, {when}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {actions.confirming && (
        <ConfirmDialog
          title="Cancel this appointment?"
          message={`${actions.confirming.userData.name} with ${actions.confirming.docData.name} on ${formatAppointmentTime(
            actions.confirming.slotDate,
            actions.confirming.slotTime,
          )}. The patient is told it was cancelled by the clinic; this cannot be undone.`}
          confirmLabel="Cancel appointment"
          cancelLabel="Keep it"
          busy={actions.busyId === actions.confirming._id}
          onConfirm={() => void actions.confirmCancel()}
          onCancel={actions.dismiss}
          actionsLayout="wrap"
        />
      )}
    </section>
  );
}
