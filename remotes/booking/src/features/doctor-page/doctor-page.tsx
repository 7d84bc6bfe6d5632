import { useCallback, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { doctorPath, loginPath, MESSAGES, pageTitle, ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { DoctorDetail } from '../../components/doctor-detail';
import { DoctorMissing } from '../../components/doctor-missing';
import panelStyles from '../../components/status-panel.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingPanel } from '../booking/booking-panel';
import { RelatedDoctors } from '../related-doctors/related-doctors';
import styles from './doctor-page.module.css';

/** `/appointment/:docId` in the composed site: the host supplies router, context and toasts. */
export default function DoctorPage(): ReactNode {
  const { docId = '' } = useParams();
  const { doctors, doctorsStatus } = useApp();
  const navigate = useNavigate();
  const doctor = doctors.find((candidate) => candidate._id === docId);
  useDocumentTitle(
    doctor
      ? pageTitle(doctor.name, doctor.specialization)
      : doctorsStatus === 'ready'
        ? pageTitle(MESSAGES.doctorNotFound)
        : null,
  );

  const onLoginRequired = useCallback(() => {
    toast.warning(MESSAGES.loginToBook);
    navigate(loginPath(doctorPath(docId)));
  }, [docId, navigate]);
  const onBooked = useCallback(() => navigate(ROUTES.myAppointments), [navigate]);

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
      <BookingPanel key={doctor._id} doctor={doctor} onLoginRequired={onLoginRequired} onBooked={onBooked} />
      <RelatedDoctors doctor={doctor} doctors={doctors} />
    </div>
  );
}
