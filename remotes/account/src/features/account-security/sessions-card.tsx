import { useState, type ReactNode } from 'react';
import { toast } from '@carebook/shared/toasts';
import { deviceName, errorMessage, MESSAGES, revokeOtherSessions, revokeSession, type Session } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { formStyles } from '@carebook/shared/forms';
import type { SessionsState } from './use-sessions';
import styles from './account-security.module.css';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * "Where you're logged in": every open session with its device, address and last use, a "Log out"
 * per other device and "Log out of all other devices". An ended device is refused on its next call.
 */
export function SessionsCard({ state, reload }: { state: SessionsState; reload: () => Promise<void> }): ReactNode {
  const { api } = useApp();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(key: string, action: () => Promise<{ message: string }>): Promise<void> {
    setBusy(key);
    try {
      toast.success((await action()).message);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusy(null);
      await reload();
    }
  }

  // This device first, then the others by last use (the server's order).
  const sessions = state.status === 'ready' ? [...state.data].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = sessions.filter((s) => !s.current);
  return (
    <section className={styles.card} aria-labelledby="sessions-title">
      <h2 id="sessions-title" className={styles.title}>
        Where you&apos;re logged in
      </h2>
      {state.status === 'loading' && <p role="status">Loading your sessions...</p>}
      {state.status === 'error' && (
        <div>
          <p role="alert">{state.message}</p>
          <button type="button" className={formStyles.secondary} onClick={() => void reload()}>
            Try again
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <>
          <ul className={styles.sessions} aria-label="Logged-in devices">
            {sessions.map((session: Session) => (
              <li key={session.id} className={styles.session}>
                <div className={styles.device}>
                  <p className={styles.deviceName}>
                    {deviceName(session.userAgent)}
                    {session.current && <span className={styles.badge}>This device</span>}
                  </p>
                  <p className={styles.meta}>
                    {session.ip || 'Unknown address'} · Last active {when(session.lastUsedAt)} · Logged in {when(session.createdAt)}
                  </p>
                </div>
                {!session.current && (
                  <button
                    type="button"
                    className={formStyles.secondary}
                    disabled={busy !== null}
                    aria-label={`Log out ${deviceName(session.userAgent)}, last active ${when(session.lastUsedAt)}`}
                    onClick={() => void run(session.id, () => revokeSession(api, session.id))}
                  >
                    {busy === session.id ? 'Logging out...' : 'Log out'}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {others.length > 0 ? (
            <button type="button" className={formStyles.primary} disabled={busy !== null} onClick={() => void run('others', () => revokeOtherSessions(api))}>
              {busy === 'others' ? 'Logging out...' : 'Log out of all other devices'}
            </button>
          ) : (
            <p className={styles.meta}>You are not logged in on any other device.</p>
          )}
        </>
      )}
    </section>
  );
}
