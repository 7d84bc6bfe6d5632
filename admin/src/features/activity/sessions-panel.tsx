import { useState, type ReactNode } from 'react';
import { toast } from '@carebook/shared/toasts';
import { deviceName, errorMessage, MESSAGES } from '@carebook/shared';
import { formStyles } from '@carebook/shared/forms';
import type { Session } from '../../api/activity-api';
import type { ResourceState } from '../../hooks/use-resource';
import styles from './activity.module.css';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

interface SessionsPanelProps {
  title: string;
  state: ResourceState<Session[]>;
  reload: () => Promise<void>;
  /** Ends one session; the list reloads afterwards. */
  endOne: (session: Session) => Promise<{ message: string }>;
  /** Ends all of them (the patient's), when offered. */
  endAll?: () => Promise<{ message: string }>;
}

/** A list of open sessions (device, address, last active) with "End session" on each. */
export function SessionsPanel({ title, state, reload, endOne, endAll }: SessionsPanelProps): ReactNode {
  const [busy, setBusy] = useState(false);
  async function run(action: () => Promise<{ message: string }>): Promise<void> {
    setBusy(true);
    try {
      toast.success((await action()).message);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusy(false);
      await reload();
    }
  }
  const sessions = state.data ?? [];
  const headingId = `sessions-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {state.status === 'error' && <p role="alert">{state.message}</p>}
      {state.status === 'loading' && !state.data && <p role="status">Loading sessions...</p>}
      {state.data && sessions.length === 0 && <p>No open sessions.</p>}
      {sessions.length > 0 && (
        <ul className={styles.sessions}>
          {sessions.map((session) => (
            <li key={session.id} className={styles.session}>
              <p>
                <strong>{deviceName(session.userAgent)}</strong>
                {session.current ? ' (this browser)' : ''} · {session.ip || 'unknown address'} · last active {when(session.lastUsedAt)}
              </p>
              {!session.current && (
                <button type="button" className={formStyles.secondary} disabled={busy} onClick={() => void run(() => endOne(session))}>
                  End session<span className="cb-visually-hidden">: {deviceName(session.userAgent)}, last active {when(session.lastUsedAt)}</span>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {endAll && sessions.length > 0 && (
        <button type="button" className={formStyles.primary} disabled={busy} onClick={() => void run(endAll)}>
          End all sessions
        </button>
      )}
    </section>
  );
}
