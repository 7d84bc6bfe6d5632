import type { ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { formatAppointmentTime, hasSlotStarted } from '@carebook/shared';
import { formStyles } from '@carebook/shared/forms';
import type { AdminAppointment } from '../../api/admin-api';
import { useAdminSession } from '../../session/admin-session';
import { AppointmentEmails } from './appointment-emails';
import styles from './appointments-page.module.css';

export type AppointmentAction = 'paid' | 'completed' | 'cancel' | 'keep' | 'missed' | 'not-missed' | 'lift';

const toldStamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const ANSWERS: Record<NonNullable<NonNullable<AdminAppointment['stranded']>['answer']>, string> = {
  'kept-by-patient': 'the patient kept this time',
  'kept-by-staff': 'staff kept this time',
  moved: 'the patient moved it',
};

/** Who was told that a schedule change left the visit outside the doctor's times, and what came of it. */
function strandedNote(stranded: NonNullable<AdminAppointment['stranded']>, patient: string): string {
  const told = `Outside the doctor's new hours: ${patient} was emailed ${toldStamp.format(new Date(stranded.toldAt)).replace(/\u202f/g, ' ')}`;
  if (stranded.held) return `${told}. Reminder held until the patient or staff decide.`;
  return `${told}; ${stranded.answer ? ANSWERS[stranded.answer] : 'settled'}.`;
}

interface AppointmentCardProps {
  appointment: AdminAppointment;
  busy: boolean;
  onAction: (action: AppointmentAction, appointment: AdminAppointment) => void;
}

/** One appointment: when, with whom, for whom, its state, and what may still be done with it. */
export function AppointmentCard({ appointment, busy, onAction }: AppointmentCardProps): ReactNode {
  const { cancelled, isCompleted, payment, missed, patientMissed } = appointment;
  const { timeZone } = useAdminSession();
  const live = !cancelled && !isCompleted;
  // Missed can be marked only once the visit's time has come (the API checks it too).
  const started = hasSlotStarted(appointment.slotDate, appointment.slotTime, new Date(), timeZone);
  const when = formatAppointmentTime(appointment.slotDate, appointment.slotTime);
  const titleId = `appointment-${appointment._id}`;
  const about = `${appointment.docData.name}, ${when}`;
  const held = live && appointment.stranded?.held === true;
  return (
    <li className={styles.card} aria-labelledby={titleId}>
      <div>
        <h2 id={titleId}>
          {when} · {appointment.docData.name}
        </h2>
        <p className={styles.muted}>{appointment.docData.specialization}</p>
        <p>
          Patient: {appointment.userData.name}{' '}
          <span className={styles.muted}>
            ({appointment.userData.email}
            {appointment.userData.phone ? `, ${appointment.userData.phone}` : ''})
          </span>
        </p>
        <ul className={styles.badges} aria-label="Status">
          {cancelled && <li className={`${styles.badge} ${styles.cancelled}`}>Cancelled</li>}
          {isCompleted && <li className={`${styles.badge} ${styles.done}`}>Completed</li>}
          {live && !missed && <li className={styles.badge}>{started ? 'Visit time passed' : 'Upcoming'}</li>}
          {missed && <li className={`${styles.badge} ${styles.cancelled}`}>Missed</li>}
          <li className={`${styles.badge} ${payment ? styles.done : styles.unpaid}`}>
            {payment ? 'Paid' : 'Not paid'} · ${appointment.amount}
          </li>
        </ul>
        {appointment.stranded && <p className={styles.stranded}>{strandedNote(appointment.stranded, appointment.userData.name)}</p>}
        {patientMissed > 0 && (
          <p className={styles.muted}>
            {`${appointment.userData.name} has missed ${patientMissed} visit${patientMissed === 1 ? '' : 's'}.`}{' '}
            <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => onAction('lift', appointment)}>
              Let them book online again
            </button>
          </p>
        )}
        <AppointmentEmails appointmentId={appointment._id} />
        <p className={styles.history}>
          <Link to={`/appointments/${appointment._id}/history`}>
            History<span className="cb-visually-hidden">: {about}</span>
          </Link>
        </p>
      </div>
      {(live || (!cancelled && !payment) || missed) && (
        <div className={styles.actions}>
          {!cancelled && !payment && (
            <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => onAction('paid', appointment)}>
              Mark paid<span className="cb-visually-hidden">: {about}</span>
            </button>
          )}
          {held && (
            <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => onAction('keep', appointment)}>
              Keep at this time<span className="cb-visually-hidden">: {about}</span>
            </button>
          )}
          {live && (
            <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => onAction('completed', appointment)}>
              Mark completed<span className="cb-visually-hidden">: {about}</span>
            </button>
          )}
          {live && started && !missed && (
            <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => onAction('missed', appointment)}>
              Mark missed<span className="cb-visually-hidden">: {about}</span>
            </button>
          )}
          {missed && (
            <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => onAction('not-missed', appointment)}>
              Undo missed<span className="cb-visually-hidden">: {about}</span>
            </button>
          )}
          {live && !missed && (
            <button
              type="button"
              className={`${formStyles.secondary} ${styles.danger}`}
              disabled={busy}
              onClick={() => onAction('cancel', appointment)}
            >
              Cancel<span className="cb-visually-hidden"> appointment: {about}</span>
            </button>
          )}
        </div>
      )}
    </li>
  );
}
