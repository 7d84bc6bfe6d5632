import { useCallback, useState, type ReactNode } from 'react';
import { getAppointmentEmails, type AppointmentEmail } from '../../api/admin-api';
import { useAdminSession } from '../../session/admin-session';
import { useResource } from '../../hooks/use-resource';
import styles from './appointment-emails.module.css';

const KIND_LABELS: Record<AppointmentEmail['kind'], string> = {
  booked: 'Booking confirmation',
  moved: 'New time',
  cancelled: 'Cancellation',
  reminder: 'Reminder',
  'password-reset': 'Password reset',
  stranded: 'Hours changed: keep or move?',
  'earlier-time': 'Earlier time offered',
};

const stamp = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** What happened to one email, in a sentence a member of staff can act on. */
export function describeEmail(email: AppointmentEmail): string {
  const at = (ms: number): string => stamp.format(new Date(ms)).replace(/\u202f/g, ' ');
  switch (email.status) {
    case 'sent':
      return `Sent ${at(email.sentAt ?? email.createdAt)}`;
    case 'failed':
      return `Not delivered: the mail server refused it (${email.lastError ?? 'no reason given'})`;
    case 'skipped':
      return 'Not sent: the visit was moved or cancelled first';
    case 'pending':
      return email.lastError
        ? `Not sent yet after ${email.attempts} ${email.attempts === 1 ? 'try' : 'tries'} (${email.lastError}); next try ${at(email.nextAttemptAt ?? Date.now())}`
        : `Waiting to be sent (queued ${at(email.createdAt)})`;
  }
}

function EmailList({ appointmentId }: { appointmentId: string }): ReactNode {
  const { api } = useAdminSession();
  const load = useCallback(() => getAppointmentEmails(api, appointmentId), [api, appointmentId]);
  const { state } = useResource(load);
  if (state.status === 'error') return <p role="alert">{state.message}</p>;
  if (!state.data) return <p className={styles.note}>Loading emails...</p>;
  if (state.data.length === 0) return <p className={styles.note}>No emails for this appointment.</p>;
  return (
    <ul className={styles.list}>
      {state.data.map((email) => (
        <li key={email.id} className={email.status === 'failed' || (email.status === 'pending' && email.lastError) ? styles.problem : undefined}>
          <strong>{KIND_LABELS[email.kind]}</strong> to {email.recipient}
          <br />
          <span className={styles.note}>{describeEmail(email)}</span>
        </li>
      ))}
    </ul>
  );
}

/** "Emails": which emails the appointment caused and how each went, loaded when opened. */
export function AppointmentEmails({ appointmentId }: { appointmentId: string }): ReactNode {
  const [open, setOpen] = useState(false);
  return (
    <details className={styles.emails} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Emails</summary>
      {open ? <EmailList appointmentId={appointmentId} /> : null}
    </details>
  );
}
