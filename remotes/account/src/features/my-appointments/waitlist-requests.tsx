import { useState, type ReactNode } from 'react';
import { toast } from '@carebook/shared/toasts';
import { endWaitlistRequest, errorMessage, formatAppointmentTime, MESSAGES, type WaitlistEntry } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { formStyles } from '@carebook/shared/forms';
import type { WaitlistState } from './use-waitlist';
import styles from './my-appointments-page.module.css';

const PART_LABELS: Record<WaitlistEntry['partOfDay'], string> = { any: '', morning: 'mornings', afternoon: 'afternoons' };

/** What the request waits for, in words: "Any time before Thu, Nov 26, 2026, 2:00 PM", narrowed. */
export function waitingFor(entry: WaitlistEntry): string {
  const parts = [entry.slotDate && entry.slotTime ? `Any time before your visit on ${formatAppointmentTime(entry.slotDate, entry.slotTime)}` : 'Any free time'];
  if (entry.before) parts.push(`on days before ${entry.before}`);
  if (entry.weekdays.length > 0) parts.push(`on ${entry.weekdays.join(', ')}`);
  if (entry.partOfDay !== 'any') parts.push(`in the ${PART_LABELS[entry.partOfDay]}`);
  return parts.join(', ');
}

/** "Waiting for an earlier time": the patient's open requests, each with a way to stop it. */
export function WaitlistRequests({ state, reload }: { state: WaitlistState; reload: () => Promise<void> }): ReactNode {
  const { api } = useApp();
  const [ending, setEnding] = useState<string | null>(null);
  if (state.status !== 'ready' || state.data.length === 0) return null;

  async function end(entry: WaitlistEntry): Promise<void> {
    setEnding(entry._id);
    try {
      toast.success((await endWaitlistRequest(api, entry._id)).message);
      await reload();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setEnding(null);
    }
  }

  return (
    <section className={styles.group} aria-labelledby="waitlist-title">
      <h2 id="waitlist-title">Waiting for an earlier time</h2>
      <ul className={styles.waitlist}>
        {state.data.map((entry) => (
          <li key={entry._id} className={styles.waitlistItem}>
            <div>
              <p className={styles.doctor}>{entry.docData.name}</p>
              <p className={styles.muted}>{waitingFor(entry)}. We email you the moment one frees up.</p>
            </div>
            <button type="button" className={formStyles.secondary} disabled={ending === entry._id} onClick={() => void end(entry)}>
              Stop notifying me
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
