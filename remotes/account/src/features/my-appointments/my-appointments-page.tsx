import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { cancelAppointment, errorMessage, formatAppointmentTime, MESSAGES, ROUTES, type Appointment } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { VisitorNotice } from '../../components/visitor-notice';
import formStyles from '../../components/form.module.css';
import { AppointmentCard } from './appointment-card';
import { useAppointments } from './use-appointments';
import styles from './my-appointments-page.module.css';

/** The patient's appointments with their states; cancelling asks first (SPEC.md sections 2, 4). */
export default function MyAppointmentsPage(): ReactNode {
  const { token } = useApp();
  if (!token) return <VisitorNotice title="My Appointments" message={MESSAGES.loginToViewAppointments} returnTo={ROUTES.myAppointments} />;
  return <AppointmentsList />;
}

function AppointmentsList(): ReactNode {
  const { api, reloadDoctors } = useApp();
  const { state, reload } = useAppointments();
  const [confirming, setConfirming] = useState<Appointment | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirmCancel(appointment: Appointment): Promise<void> {
    setBusy(true);
    try {
      const reply = await cancelAppointment(api, appointment._id);
      toast.success(reply.message || MESSAGES.appointmentCancelled);
      // The freed slot must show again on the booking page, which reads the shared doctor list.
      await Promise.all([reload(), reloadDoctors()]);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  return (
    <section className={styles.page} aria-labelledby="appointments-title">
      <h1 id="appointments-title">My Appointments</h1>
      {state.status === 'loading' && <p role="status">Loading your appointments...</p>}
      {state.status === 'error' && (
        <div className={styles.empty}>
          <p role="alert">{state.message}</p>
          <button type="button" className={formStyles.secondary} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && state.appointments.length === 0 && (
        <div className={styles.empty}>
          <p>You have no appointments yet.</p>
          <Link className={formStyles.primary} to={ROUTES.doctors}>
            Find a doctor
          </Link>
        </div>
      )}
      {state.status === 'ready' && state.appointments.length > 0 && (
        <ul className={styles.list}>
          {state.appointments.map((appointment) => (
            <AppointmentCard key={appointment._id} appointment={appointment} onCancel={setConfirming} />
          ))}
        </ul>
      )}
      {confirming && (
        <ConfirmDialog
          title="Cancel this appointment?"
          message={`${confirming.docData.name}, ${formatAppointmentTime(confirming.slotDate, confirming.slotTime)}. The time will be freed for other patients.`}
          confirmLabel="Yes, cancel it"
          cancelLabel="Keep appointment"
          busy={busy}
          onConfirm={() => void confirmCancel(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </section>
  );
}
