import { useCallback, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { toast } from 'react-toastify';
import { doctorSlotPath, loginPath, MESSAGES, pageTitle, ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { DoctorDetail } from '../../components/doctor-detail';
import { DoctorMissing } from '../../components/doctor-missing';
import panelStyles from '../../components/status-panel.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingPanel, type SlotChoice } from '../booking/booking-panel';
import type { ChosenSlot } from '../booking/use-book-slot';
import { RelatedDoctors } from '../related-doctors/related-doctors';
import styles from './doctor-page.module.css';

const LOGIN_TO_BOOK_TOAST = 'login-to-book';

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

  const [searchParams] = useSearchParams();
  const initial: SlotChoice = { slotDate: searchParams.get('date') ?? '', slotTime: searchParams.get('time') };

  // The choice lives in the address, so it survives login, sign-up, a reload and Back.
  const onChoose = useCallback(
    (choice: SlotChoice) => navigate(doctorSlotPath(docId, choice), { replace: true }),
    [docId, navigate],
  );
  const onLoginRequired = useCallback(
    (slot: ChosenSlot) => {
      // One id, so pressing Book twice shows the warning once; login clears it.
      toast.warning(MESSAGES.loginToBook, { toastId: LOGIN_TO_BOOK_TOAST });
      navigate(loginPath(doctorSlotPath(docId, slot)));
    },
    [docId, navigate],
  );
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
      <BookingPanel
        key={doctor._id}
        doctor={doctor}
        initial={initial}
        onChoose={onChoose}
        onLoginRequired={onLoginRequired}
        onBooked={onBooked}
      />
      <RelatedDoctors doctor={doctor} doctors={doctors} />
    </div>
  );
}
