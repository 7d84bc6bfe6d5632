import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { type EarlierTimeOffer, errorMessage, formatAppointmentTime, MESSAGES, pageTitle, ROUTES, takeEarlierTime, getEarlierTimeOffer } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { formStyles } from '@carebook/shared/forms';
import { VisitorNotice } from '../../components/visitor-notice';
import { useDocumentTitle } from '../../lib/use-document-title';
import styles from './earlier-time-page.module.css';

type OfferState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; offer: EarlierTimeOffer };

/** The offer's id from the emailed link, `/earlier-time?offer=<id>`. */
export function offerIdFromSearch(search: string): string | null {
  return new URLSearchParams(search).get('offer') || null;
}

/**
 * `/earlier-time?offer=<id>`, opened from an "An earlier time" email: the freed time, the visit it
 * would replace, and "Take this time". A visitor signs in first and comes back here.
 */
export default function EarlierTimePage(): ReactNode {
  const { token } = useApp();
  const { search } = useLocation();
  useDocumentTitle(pageTitle('An earlier time'));
  const offerId = offerIdFromSearch(search);
  if (!token) return <VisitorNotice title="An earlier time" message="Please log in to take this time." returnTo={`${ROUTES.earlierTime}${search}`} />;
  if (!offerId) return <Shell><p role="alert">{MESSAGES.offerNotFound}</p></Shell>;
  return <Offer offerId={offerId} />;
}

function Shell({ children }: { children: ReactNode }): ReactNode {
  return (
    <section className={styles.page} aria-labelledby="earlier-time-title">
      <h1 id="earlier-time-title">An earlier time</h1>
      {children}
    </section>
  );
}

function Offer({ offerId }: { offerId: string }): ReactNode {
  const { api, reloadDoctors } = useApp();
  const [state, setState] = useState<OfferState>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      setState({ status: 'ready', offer: await getEarlierTimeOffer(api, offerId) });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error, MESSAGES.unexpectedError) });
    }
  }, [api, offerId]);
  useEffect(() => {
    void load();
  }, [load]);

  async function take(): Promise<void> {
    setBusy(true);
    try {
      toast.success((await takeEarlierTime(api, offerId)).message);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusy(false);
      await Promise.all([load(), reloadDoctors()]);
    }
  }

  if (state.status === 'loading') return <Shell><p role="status">Loading the offered time...</p></Shell>;
  if (state.status === 'error') return <Shell><p role="alert">{state.message}</p></Shell>;
  const { offer } = state;
  const when = formatAppointmentTime(offer.slotDate, offer.slotTime);
  return (
    <Shell>
      <div className={styles.card}>
        <p className={styles.doctor}>{offer.docData.name}</p>
        <p className={styles.muted}>{offer.docData.specialization}</p>
        <p className={styles.when}>{when}</p>
        {offer.current && offer.status === 'open' && <p>{`Taking it moves your visit from ${formatAppointmentTime(offer.current.slotDate, offer.current.slotTime)} to this time.`}</p>}
        {!offer.current && offer.status === 'open' && <p>Taking it books this time for you.</p>}
        {offer.status === 'open' && (
          <button type="button" className={formStyles.primary} disabled={busy} onClick={() => void take()}>
            Take this time
          </button>
        )}
        {offer.status === 'taken' && (
          <p role="status" className={styles.done}>
            {`This time is yours: your visit is on ${when}.`}
          </p>
        )}
        {offer.status === 'gone' && (
          <p role="status" className={styles.gone}>
            {MESSAGES.offerGone}
          </p>
        )}
        <Link className={`${formStyles.secondary} ${styles.link}`} to={ROUTES.myAppointments}>
          My Appointments
        </Link>
      </div>
    </Shell>
  );
}
