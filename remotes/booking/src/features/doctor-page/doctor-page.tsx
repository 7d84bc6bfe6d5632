import { lazy, Suspense, useCallback, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { bookingFormErrorMessage, doctorPath, doctorSlotPath, loginPath, MESSAGES, pageTitle, ROUTES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { DoctorDetail } from '../../components/doctor-detail';
import { DoctorMissing } from '../../components/doctor-missing';
import panelStyles from '../../components/status-panel.module.css';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BookingPanel, type SlotChoice } from '../booking/booking-panel';
import type { BookedSlot, ChosenSlot } from '../booking/use-book-slot';
import styles from './doctor-page.module.css';

// Needed after a booking, in a move, or below the fold: loaded when shown, so the first view of a
// doctor downloads only what it paints (the first-view budget, docs/architecture.md).
const BookingConfirmation = lazy(() =>
  import('../confirmation/booking-confirmation').then((module) => ({ default: module.BookingConfirmation })),
);
const RescheduleSection = lazy(() =>
  import('../reschedule/reschedule-section').then((module) => ({ default: module.RescheduleSection })),
);
// These two show together below the booking panel: one chunk, one request (about 0.4 KB of headers less).
const NotifyEarlier = lazy(() =>
  import(/* webpackChunkName: "below-the-panel" */ '../waitlist/notify-earlier').then((module) => ({ default: module.NotifyEarlier })),
);
const RelatedDoctors = lazy(() =>
  import(/* webpackChunkName: "below-the-panel" */ '../related-doctors/related-doctors').then((module) => ({ default: module.RelatedDoctors })),
);

const LOGIN_TO_BOOK_TOAST = 'login-to-book';

/**
 * `/appointment/:docId` in the composed site: the host supplies router, context and toasts.
 * The chosen day and time live in the address (`?date=&time=`), so they survive login. After
 * booking it shows a confirmation in place; `?reschedule=<appointmentId>` turns the slot row into
 * a move of that appointment (My Appointments links here).
 */
export default function DoctorPage(): ReactNode {
  const { docId = '' } = useParams();
  const { doctors, doctorsStatus } = useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const rescheduleId = params.get('reschedule') ?? '';
  const [confirmation, setConfirmation] = useState<BookedSlot | null>(null);
  const doctor = doctors.find((candidate) => candidate._id === docId);
  useDocumentTitle(
    doctor
      ? pageTitle(doctor.name, doctor.specialization)
      : doctorsStatus === 'ready'
        ? pageTitle(MESSAGES.doctorNotFound)
        : null,
  );

  const initial: SlotChoice = { slotDate: params.get('date') ?? '', slotTime: params.get('time') };
  // Back from the page's own booking form (the host's server books, then sends the patient here):
  // `?booked=<appointmentId>` once the server has checked it is theirs, or `?error=<why>`.
  const bookedId = params.get('booked');
  const bookedByForm: BookedSlot | null =
    bookedId && initial.slotDate && initial.slotTime
      ? { docId, slotDate: initial.slotDate, slotTime: initial.slotTime, appointmentId: bookedId, message: MESSAGES.appointmentBooked }
      : null;
  const shown = confirmation ?? bookedByForm;
  const formNotice = bookingFormErrorMessage(params.get('error'), Number(params.get('max')) || null);

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
  // A move needs a session too; login brings the patient back to the same move.
  const onLoginToReschedule = useCallback(() => {
    toast.warning(MESSAGES.loginToBook, { toastId: LOGIN_TO_BOOK_TOAST });
    navigate(loginPath(`${doctorPath(docId)}?reschedule=${encodeURIComponent(rescheduleId)}`));
  }, [docId, rescheduleId, navigate]);
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
      <Suspense fallback={<p role="status">Loading…</p>}>
        {shown ? (
          <BookingConfirmation
            doctor={doctor}
            booking={shown}
            onReschedule={() => reschedule(shown.appointmentId)}
            onCancelled={() => {
              setConfirmation(null);
              if (bookedId) navigate(doctorPath(docId), { replace: true });
            }}
          />
        ) : rescheduleId ? (
          <RescheduleSection doctor={doctor} appointmentId={rescheduleId} onLoginRequired={onLoginToReschedule} onMoved={onMoved} />
        ) : (
          <BookingPanel
            key={doctor._id}
            doctor={doctor}
            initial={initial}
            onChoose={onChoose}
            onLoginRequired={onLoginRequired}
            onBooked={setConfirmation}
            notice={formNotice}
            pageForm
          />
        )}
      </Suspense>
      <Suspense fallback={null}>
        {!shown && !rescheduleId && <NotifyEarlier doctor={doctor} />}
        <RelatedDoctors doctor={doctor} doctors={doctors} />
      </Suspense>
    </div>
  );
}
