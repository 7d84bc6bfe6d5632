import { useState, type ReactNode } from 'react';
import { useNavigate } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { clinicToday, type Doctor, doctorPath, errorMessage, loginPath, MESSAGES, requestEarlierTime } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { ANY_TIME, ConfirmDialog, EarlierTimeNarrowing, formStyles, type Narrowing, narrowingRequest } from '@carebook/shared/forms';
import styles from './notify-earlier.module.css';

/**
 * "Notify me of an earlier time" on a doctor's page: one tap and a confirmation. With a booked
 * visit with this doctor, a time before it; without, any free time (taking it books it). A visitor
 * logs in first and comes back here.
 */
export function NotifyEarlier({ doctor }: { doctor: Doctor }): ReactNode {
  const { api, token, clinic } = useApp();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [narrowing, setNarrowing] = useState<Narrowing>(ANY_TIME);

  async function confirm(): Promise<void> {
    setBusy(true);
    try {
      toast.success((await requestEarlierTime(api, { docId: doctor._id, ...narrowingRequest(narrowing) })).message);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <section className={styles.box} aria-labelledby="notify-earlier-title">
      <h2 id="notify-earlier-title" className={styles.title}>
        No time that suits you?
      </h2>
      <p className={styles.text}>We can email you the moment an earlier time with {doctor.name} frees up.</p>
      <button
        type="button"
        className={formStyles.secondary}
        onClick={() => {
          if (!token) {
            navigate(loginPath(doctorPath(doctor._id)));
            return;
          }
          setNarrowing(ANY_TIME);
          setAsking(true);
        }}
      >
        Notify me of an earlier time
      </button>
      {asking && (
        <ConfirmDialog
          title="Notify me of an earlier time?"
          message={`We will email you when a time with ${doctor.name} frees up, earlier than your booked visit if you have one. Everyone waiting hears at once; the first to take it gets it.`}
          confirmLabel="Yes, notify me"
          cancelLabel="Not now"
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setAsking(false)}
        >
          <EarlierTimeNarrowing value={narrowing} onChange={setNarrowing} today={clinic ? clinicToday(new Date(), clinic.timeZone) : undefined} disabled={busy} />
        </ConfirmDialog>
      )}
    </section>
  );
}
