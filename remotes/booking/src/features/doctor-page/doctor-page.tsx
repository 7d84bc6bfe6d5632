import { useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { doctorPath, loginPath, MESSAGES, ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { DoctorDetail } from '../../components/doctor-detail';
import { DoctorMissing } from '../../components/doctor-missing';
import panelStyles from '../../components/status-panel.module.css';
import { BookingPanel } from '../booking/booking-panel';
import type { BookedSlot } from '../booking/use-book-slot';
import { BookingConfirmation } from '../confirmation/booking-confirmation';
import { RescheduleSection } from '../reschedule/reschedule-section';
import { RelatedDoctors } from '../related-doctors/related-doctors';
import styles from './doctor-page.module.css';

/**
 * `/appointment/:docId` in the composed site: the host supplies router, context and toasts.
 * After booking it shows a confirmation in place; `?reschedule=<appointmentId>` turns the slot row
 * into a move of that appointment (My Appointments links here).
 */
export default function DoctorPage(): ReactNode {
  const { docId = '' } = useParams();
  const { doctors } = useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const rescheduleId = params.get('reschedule') ?? '';
  const [confirmation, setConfirmation] = useState<BookedSlot | null>(null);
  const doctor = doctors.find((candidate) => candidate._id === docId);

  const onLoginRequired = useCallback(() => {
    toast.warning(MESSAGES.loginToBook);
    navigate(loginPath(doctorPath(docId)));
  }, [docId, navigate]);
  const onMoved = useCallback(() => navigate(ROUTES.myAppointments), [navigate]);
  const reschedule = useCallback(
    (appointmentId: string) => {
      setConfirmation(null);
      setParams({ reschedule: appointmentId });
    },
    [setParams],
  );

  if (!doctor) {
    return (
      <DoctorMissing>
        <p>We could not find this doctor. The link may be out of date.</p>
        <Link to={ROUTES.doctors} className={panelStyles.action}>
          See all doctors
        </Link>
      </DoctorMissing>
    );
  }

  return (
    <div className={styles.page}>
      <DoctorDetail doctor={doctor} />
      {confirmation ? (
        <BookingConfirmation
          doctor={doctor}
          booking={confirmation}
          onReschedule={() => reschedule(confirmation.appointmentId)}
          onCancelled={() => setConfirmation(null)}
        />
      ) : rescheduleId ? (
        <RescheduleSection doctor={doctor} appointmentId={rescheduleId} onLoginRequired={onLoginRequired} onMoved={onMoved} />
      ) : (
        <BookingPanel key={doctor._id} doctor={doctor} onLoginRequired={onLoginRequired} onBooked={setConfirmation} />
      )}
      <RelatedDoctors doctor={doctor} doctors={doctors} />
    </div>
  );
}
