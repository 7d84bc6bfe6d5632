import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { MESSAGES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { DoctorDetail } from '../../components/doctor-detail';
import { DoctorMissing } from '../../components/doctor-missing';
import { BookingPanel } from '../../features/booking/booking-panel';
import type { BookedSlot } from '../../features/booking/use-book-slot';
import { AuthPanel } from './auth-panel';
import { WidgetConfirmation } from './widget-confirmation';
import type { WidgetAuthMode } from './use-widget-auth';
import type { EmitEvent } from './widget-events';
import styles from './self-service-widget.module.css';

export interface SelfServiceWidgetProps {
  docId: string;
  emit: EmitEvent;
}

/**
 * The embed's booking for one doctor, with login and sign-up inside it: pressing Book with no
 * session opens the login form under the slot picker, which stays mounted, so the chosen time is
 * still selected afterwards and one more press of Book books it.
 */
export function SelfServiceWidget({ docId, emit }: SelfServiceWidgetProps): ReactNode {
  const { doctors, doctorsStatus, token, user, logout } = useApp();
  const doctor = doctors.find((candidate) => candidate._id === docId);
  const [authOpen, setAuthOpen] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const readyOnce = useRef(false);
  const [confirmed, setConfirmed] = useState<BookedSlot | null>(null);

  useEffect(() => {
    if (doctorsStatus !== 'ready' || readyOnce.current) return;
    readyOnce.current = true;
    emit('ready', { docId, doctorName: doctor?.name ?? null });
    if (!doctor) emit('error', { docId, message: MESSAGES.doctorNotFound });
  }, [doctorsStatus, doctor, docId, emit]);

  const loginRequired = useCallback(() => setAuthOpen(true), []);
  const doctorName = doctor?.name ?? '';
  const booked = useCallback(
    (booking: BookedSlot) => {
      setConfirmed(booking);
      emit('booked', {
        docId,
        doctorName,
        slotDate: booking.slotDate,
        slotTime: booking.slotTime,
        appointmentId: booking.appointmentId,
        message: booking.message,
      });
    },
    [docId, doctorName, emit],
  );
  const signedIn = useCallback(
    (via: WidgetAuthMode) => {
      setAuthOpen(false);
      emit('login', { docId, via });
      // The chosen time is still selected: its Book button is the one more press.
      requestAnimationFrame(() => {
        const buttons = panel.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
        [...buttons].find((button) => button.textContent === 'Book Appointment' && !button.disabled)?.focus();
      });
    },
    [docId, emit],
  );

  const bookAnother = useCallback(() => {
    setConfirmed(null);
    // Back in the slot picker: focus its day strip, where choosing starts.
    requestAnimationFrame(() => panel.current?.querySelector<HTMLElement>('[role="radio"][tabindex="0"]')?.focus());
  }, []);

  if (!doctor) return <DoctorMissing />;

  return (
    <div className={styles.widget}>
      <DoctorDetail doctor={doctor} headingLevel={2} />
      <div ref={panel}>
        {confirmed ? (
          <WidgetConfirmation doctor={doctor} booking={confirmed} onBookAnother={bookAnother} />
        ) : (
          <BookingPanel key={doctor._id} doctor={doctor} onLoginRequired={loginRequired} onBooked={booked} />
        )}
      </div>
      {authOpen && !token ? <AuthPanel onSignedIn={signedIn} onCancel={() => setAuthOpen(false)} /> : null}
      {token ? (
        <p className={styles.session}>
          {user ? `Signed in as ${user.name}.` : 'Signed in.'}
          <button type="button" className={styles.logout} onClick={logout}>
            Log out
          </button>
        </p>
      ) : null}
    </div>
  );
}
