import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { ApiError, errorMessage, keepAppointment, MESSAGES, type Appointment } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { formStyles } from '@carebook/shared/forms';
import { reschedulePath } from './appointment-status';
import styles from './my-appointments-page.module.css';

interface OutsideHoursNoticeProps {
  appointment: Appointment;
  /** Reloads the list after an answer (or after the server says the question is already settled). */
  onAnswered: () => Promise<void>;
}

/**
 * An upcoming visit that a change of the doctor's hours or time off left outside them (the
 * patient was emailed, and its reminder is held): say so, and offer to keep the time or move it.
 * Once kept, a short line says so; focus moves to it so a keyboard or screen-reader user is not
 * left on a button that is gone.
 */
export function OutsideHoursNotice({ appointment, onAnswered }: OutsideHoursNoticeProps): ReactNode {
  const { api } = useApp();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [justKept, setJustKept] = useState(false);
  const keptRef = useRef<HTMLParagraphElement>(null);
  const id = `outside-hours-${appointment._id}`;

  useEffect(() => {
    if (justKept && appointment.outsideHours === 'kept') keptRef.current?.focus();
  }, [justKept, appointment.outsideHours]);

  // Stays on screen after the list reloads (a 409 reloads it into the kept state).
  const failure = error && (
    <p role="alert" className={styles.outsideHoursError}>
      {error}
    </p>
  );
  if (appointment.outsideHours === 'kept') {
    return (
      <>
        {failure}
        <p ref={keptRef} tabIndex={-1} className={`${styles.outsideHours} ${styles.outsideHoursKept}`} data-testid="outside-hours-kept">
          {justKept
            ? 'Done: you are keeping this time. The clinic will confirm it with the doctor, and your reminder will come as usual.'
            : 'This time is kept, although the doctor’s hours changed. Your reminder will come as usual.'}
        </p>
      </>
    );
  }
  if (appointment.outsideHours !== 'ask') return failure || null;

  async function keep(): Promise<void> {
    setBusy(true);
    setError(null);
    try {
      const reply = await keepAppointment(api, appointment._id);
      toast.success(reply.message || MESSAGES.appointmentKept);
      setJustKept(true);
      await onAnswered();
    } catch (caught) {
      setError(errorMessage(caught, MESSAGES.unexpectedError));
      // Already kept, moved or cancelled elsewhere (staff, another tab): show what is true now.
      if (caught instanceof ApiError && (caught.status === 404 || caught.status === 409)) await onAnswered();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.outsideHours} role="group" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <p id={`${id}-title`} className={styles.outsideHoursTitle}>
        The doctor’s hours have changed
      </p>
      <p id={`${id}-text`}>
        This visit is now outside {appointment.docData.name}’s working times. It is still booked. Keep this time if it still suits you, or
        choose another time; until you decide, we hold back its reminder.
      </p>
      <div className={styles.outsideHoursActions}>
        <button type="button" className={formStyles.primary} onClick={() => void keep()} disabled={busy} aria-describedby={`${id}-text`}>
          {busy ? 'Keeping this time…' : 'Keep this time'}
        </button>
        <Link className={`${formStyles.secondary} ${styles.action}`} to={reschedulePath(appointment)}>
          Choose another time
        </Link>
      </div>
      {failure}
    </div>
  );
}
