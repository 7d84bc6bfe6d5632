import { useCallback, useState, type ReactNode } from 'react';
import { toast } from '@carebook/shared/toasts';
import { MESSAGES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { DoctorDetail } from '../../components/doctor-detail';
import { DoctorMissing } from '../../components/doctor-missing';
import { BookingPanel } from '../../features/booking/booking-panel';
import type { BookedSlot } from '../../features/booking/use-book-slot';
import styles from './booking-widget.module.css';

export interface BookingWidgetProps {
  docId: string;
  onLoginRequired?: () => void;
  onBooked?: (booking: BookedSlot) => void;
}

/**
 * One doctor's detail, slots and Book button, with no links into the site: what an embed shows.
 * Reads the shared context, so it needs an `AppProvider` above it (EmbeddedBooking brings one).
 */
export function BookingWidget({ docId, onLoginRequired, onBooked }: BookingWidgetProps): ReactNode {
  const { doctors } = useApp();
  const [loginNeeded, setLoginNeeded] = useState(false);
  const doctor = doctors.find((candidate) => candidate._id === docId);

  const loginRequired = useCallback(() => {
    if (onLoginRequired) onLoginRequired();
    else {
      toast.warning(MESSAGES.loginToBook);
      setLoginNeeded(true);
    }
  }, [onLoginRequired]);
  const booked = useCallback((booking: BookedSlot) => onBooked?.(booking), [onBooked]);

  if (!doctor) return <DoctorMissing />;

  return (
    <div className={styles.widget}>
      <DoctorDetail doctor={doctor} headingLevel={2} />
      <BookingPanel key={doctor._id} doctor={doctor} onLoginRequired={loginRequired} onBooked={booked} />
      {loginNeeded ? (
        <p className={styles.login} role="alert">
          {MESSAGES.loginToBook}
        </p>
      ) : null}
    </div>
  );
}
