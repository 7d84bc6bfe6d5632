import { useState, type ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import {
  cancelAppointment,
  clinicToday,
  createActionKeys,
  errorMessage,
  formatAppointmentTime,
  MESSAGES,
  requestEarlierTime,
  ROUTES,
  type Appointment,
} from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { downloadAppointmentCalendar } from '@carebook/shared/web';
import { ANY_TIME, ConfirmDialog, EarlierTimeNarrowing, formStyles, type Narrowing, narrowingRequest } from '@carebook/shared/forms';
import { VisitorNotice } from '../../components/visitor-notice';
import { AppointmentGroup } from './appointment-group';
import type { AppointmentActions } from './appointment-status';
import { groupAppointments } from './group-appointments';
import { RateDialog } from './rate-dialog';
import { useAppointments } from './use-appointments';
import { WaitlistRequests } from './waitlist-requests';
import { useWaitlist } from './use-waitlist';
import styles from './my-appointments-page.module.css';

/**
 * The patient's appointments in three groups, Upcoming (soonest first), Past and Cancelled, with
 * their states; cancelling asks first (docs/product.md, "Appointments"), rating opens a small form.
 */
export default function MyAppointmentsPage(): ReactNode {
  const { token } = useApp();
  if (!token) return <VisitorNotice title="My Appointments" message={MESSAGES.loginToViewAppointments} returnTo={ROUTES.myAppointments} />;
  return <AppointmentsList />;
}

function AppointmentsList(): ReactNode {
  const { api, clinic, reloadDoctors } = useApp();
  const { state, reload } = useAppointments();
  const [confirming, setConfirming] = useState<Appointment | null>(null);
  const [rating, setRating] = useState<Appointment | null>(null);
  const [waiting, setWaitingFor] = useState<Appointment | null>(null);
  const [narrowing, setNarrowing] = useState<Narrowing>(ANY_TIME);
  const waitlist = useWaitlist();
  const [busy, setBusy] = useState(false);
  // Cancelling again after a failure retries the same action: same Idempotency-Key.
  const [cancelKeys] = useState(createActionKeys);

  /** Opens (or closes) the "notify me" dialog, each time asking for any earlier time unless narrowed. */
  function setWaiting(appointment: Appointment | null): void {
    setNarrowing(ANY_TIME);
    setWaitingFor(appointment);
  }

  async function addToCalendar(appointment: Appointment): Promise<void> {
    try {
      await downloadAppointmentCalendar(api, appointment._id);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    }
  }

  async function confirmCancel(appointment: Appointment): Promise<void> {
    setBusy(true);
    try {
      const reply = await cancelAppointment(api, appointment._id, cancelKeys.keyFor(appointment._id));
      cancelKeys.done(appointment._id);
      toast.success(reply.message || MESSAGES.appointmentCancelled);
      // The freed slot must show again on the booking page, which reads the shared doctor list.
      await Promise.all([reload(), reloadDoctors(), waitlist.reload()]);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  async function confirmWaiting(appointment: Appointment): Promise<void> {
    setBusy(true);
    try {
      const reply = await requestEarlierTime(api, { docId: appointment.docId, appointmentId: appointment._id, ...narrowingRequest(narrowing) });
      toast.success(reply.message);
      await waitlist.reload();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusy(false);
      setWaiting(null);
    }
  }

  return (
    <section className={styles.page} aria-labelledby="appointments-title">
      <h1 id="appointments-title">My Appointments</h1>
      {(state.status === 'loading' || (state.status === 'ready' && !clinic)) && <p role="status">Loading your appointments...</p>}
      {state.status === 'error' && (
        <div className={styles.empty}>
          <p role="alert">{state.message}</p>
          <button type="button" className={formStyles.secondary} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && state.data.length === 0 && (
        <div className={styles.empty}>
          <p>You have no appointments yet.</p>
          <Link className={formStyles.primary} to={ROUTES.doctors}>
            Find a doctor
          </Link>
        </div>
      )}
      {state.status === 'ready' && state.data.length > 0 && clinic && (
        <Groups
          groups={groupAppointments(state.data, new Date(), clinic.timeZone)}
          actions={{ onCancel: setConfirming, onRate: setRating, onAddToCalendar: (a) => void addToCalendar(a), onNotifyEarlier: setWaiting, onAnswered: reload }}
        />
      )}
      <WaitlistRequests state={waitlist.state} reload={waitlist.reload} />
      {rating && (
        <RateDialog
          appointment={rating}
          onClose={() => setRating(null)}
          onRated={() => {
            setRating(null);
            // The doctor's average on the cards and the doctor page changes with this rating.
            void Promise.all([reload(), reloadDoctors()]);
          }}
        />
      )}
      {waiting && (
        <ConfirmDialog
          title="Notify me of an earlier time?"
          message={`We will email you as soon as a time before ${formatAppointmentTime(waiting.slotDate, waiting.slotTime)} frees up with ${waiting.docData.name}. Taking it moves this visit; if you don't, you keep it.`}
          confirmLabel="Yes, notify me"
          cancelLabel="Not now"
          busy={busy}
          onConfirm={() => void confirmWaiting(waiting)}
          onCancel={() => setWaiting(null)}
        >
          <EarlierTimeNarrowing value={narrowing} onChange={setNarrowing} today={clinic ? clinicToday(new Date(), clinic.timeZone) : undefined} disabled={busy} />
        </ConfirmDialog>
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

function Groups({ groups, actions }: { groups: ReturnType<typeof groupAppointments>; actions: AppointmentActions }): ReactNode {
  return (
    <>
      <AppointmentGroup title="Upcoming" appointments={groups.upcoming} upcoming actions={actions}>
        <div className={styles.empty}>
          <p>No upcoming appointments.</p>
          <Link className={formStyles.primary} to={ROUTES.doctors}>
            Find a doctor
          </Link>
        </div>
      </AppointmentGroup>
      <AppointmentGroup title="Past" appointments={groups.past} actions={actions} />
      <AppointmentGroup title="Cancelled" appointments={groups.cancelled} actions={actions} />
    </>
  );
}
