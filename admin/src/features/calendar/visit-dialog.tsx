import { useMemo, useState, type ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { createActionKeys, errorMessage, formatAppointmentTime, MESSAGES } from '@carebook/shared';
import { FormAlert, formStyles } from '@carebook/shared/forms';
import { staffRescheduleAppointment } from '../../api/admin-api';
import { useAdminSession } from '../../session/admin-session';
import { type FreeTime, STATE_LABELS, type VisitEvent } from './calendar-model';
import { DeskDialog } from './desk-dialog';
import styles from './calendar.module.css';

export interface VisitDialogProps {
  visit: VisitEvent;
  /** The doctor's free times a visit may move to now (next 7 days). */
  freeTimes: readonly FreeTime[];
  onClose: () => void;
  onMoved: () => void;
}

/** Whether the clinic may still move the visit: not cancelled, completed or over. */
export function isMovable(visit: VisitEvent): boolean {
  return visit.state === 'upcoming' || visit.state === 'paid';
}

/**
 * One visit: who, when, its state and the patient's contact details, and (for a visit still to
 * come) the keyboard's way to move it: choose one of the doctor's free times and Move.
 */
export function VisitDialog({ visit, freeTimes, onClose, onMoved }: VisitDialogProps): ReactNode {
  const { api } = useAdminSession();
  const keys = useMemo(() => createActionKeys(), []);
  const [target, setTarget] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const { appointment } = visit;
  const movable = isMovable(visit);

  const byDay = useMemo(() => {
    const days = new Map<string, FreeTime[]>();
    for (const time of freeTimes) days.set(time.slotDate, [...(days.get(time.slotDate) ?? []), time]);
    return [...days.entries()];
  }, [freeTimes]);

  async function move(): Promise<void> {
    const [slotDate = '', slotTime = ''] = target.split(' ');
    if (!slotDate) {
      setProblem('Choose the new time first.');
      return;
    }
    const body = { appointmentId: appointment._id, slotDate, slotTime };
    const action = JSON.stringify(body);
    setBusy(true);
    setProblem('');
    try {
      const reply = await staffRescheduleAppointment(api, body, keys.keyFor(action));
      keys.done(action);
      toast.success(reply.message);
      onMoved();
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusy(false);
    }
  }

  return (
    <DeskDialog title={appointment.userData.name} onClose={onClose} busy={busy}>
      <dl className={styles.facts}>
        <dt>When</dt>
        <dd>{formatAppointmentTime(appointment.slotDate, appointment.slotTime)}</dd>
        <dt>Doctor</dt>
        <dd>{appointment.docData.name}</dd>
        <dt>State</dt>
        <dd>{STATE_LABELS[visit.state]}</dd>
        <dt>Email</dt>
        <dd>{appointment.userData.email}</dd>
        {appointment.userData.phone && (
          <>
            <dt>Phone</dt>
            <dd>{appointment.userData.phone}</dd>
          </>
        )}
      </dl>
      <p>
        <Link to={`/appointments/${encodeURIComponent(appointment._id)}/history`}>History and emails of this visit</Link>
      </p>
      {movable && (
        <form
          className={styles.moveForm}
          onSubmit={(event) => {
            event.preventDefault();
            void move();
          }}
        >
          <label htmlFor="move-target">Move to</label>
          <select id="move-target" className={formStyles.input} value={target} onChange={(event) => setTarget(event.target.value)}>
            <option value="">Choose a free time</option>
            {byDay.map(([day, times]) => (
              <optgroup key={day} label={formatAppointmentTime(day, times[0]?.slotTime ?? '10:00').split(',')[0]}>
                {times.map((time) => (
                  <option key={time.slotTime} value={`${time.slotDate} ${time.slotTime}`}>
                    {formatAppointmentTime(time.slotDate, time.slotTime)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          {byDay.length === 0 && <p>The doctor has no free time in the next 7 days.</p>}
          <FormAlert message={problem} />
          <div className={styles.dialogActions}>
            <button type="button" className={formStyles.secondary} onClick={onClose} disabled={busy}>
              Close
            </button>
            <button type="submit" className={formStyles.primary} disabled={busy}>
              {busy ? 'Moving...' : 'Move'}
            </button>
          </div>
        </form>
      )}
    </DeskDialog>
  );
}
