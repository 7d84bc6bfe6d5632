import { useCallback, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { doctorPath, loginPath, MESSAGES, ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { DoctorDetail } from '../../components/doctor-detail';
import { StatusPanel } from '../../components/status-panel';
import { BookingPanel } from '../booking/booking-panel';
import { RelatedDoctors } from '../related-doctors/related-doctors';
import styles from './doctor-page.module.css';

/** `/appointment/:docId` in the composed site: the host supplies router, context and toasts. */
export default function DoctorPage(): ReactNode {
  const { docId = '' } = useParams();
  const { doctors, doctorsStatus, reloadDoctors } = useApp();
  const navigate = useNavigate();
  const doctor = doctors.find((candidate) => candidate._id === docId);

  const onLoginRequired = useCallback(() => {
    toast.warning(MESSAGES.loginToBook);
    navigate(loginPath(doctorPath(docId)));
  }, [docId, navigate]);
  const onBooked = useCallback(() => navigate(ROUTES.myAppointments), [navigate]);

  if (!doctor) {
    if (doctorsStatus === 'ready') {
      return (
        <StatusPanel kind="problem" title="Doctor not found">
          <p>We could not find this doctor. The link may be out of date.</p>
          <Link to={ROUTES.doctors} className={styles.link}>
            See all doctors
          </Link>
        </StatusPanel>
      );
    }
    if (doctorsStatus === 'error') {
      return (
        <StatusPanel kind="problem" title={MESSAGES.doctorsLoadFailed}>
          <button type="button" className={styles.link} onClick={() => void reloadDoctors()}>
            Try again
          </button>
        </StatusPanel>
      );
    }
    return <StatusPanel kind="loading" title="Loading doctor…" />;
  }

  return (
    <div className={styles.page}>
      <DoctorDetail doctor={doctor} />
      <BookingPanel key={doctor._id} doctor={doctor} onLoginRequired={onLoginRequired} onBooked={onBooked} />
      <RelatedDoctors doctor={doctor} doctors={doctors} />
    </div>
  );
}
