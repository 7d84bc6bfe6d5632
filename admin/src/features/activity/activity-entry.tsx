import type { ReactNode } from 'react';
import type { AuditEntry } from '../../api/activity-api';
import { describeAction, describeActor, describeChanges } from './describe-entry';
import styles from './activity.module.css';

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** One entry: when, who, what, to whom, the changed fields, and the address and request id. */
export function ActivityEntry({ entry, onPatient }: { entry: AuditEntry; onPatient?: (patientId: string) => void }): ReactNode {
  const changes = describeChanges(entry.changes);
  return (
    <li className={styles.entry}>
      <p className={styles.what}>
        <strong>{describeActor(entry)}</strong> {describeAction(entry.action)}
      </p>
      <p className={styles.muted}>
        <time dateTime={entry.at} title={`${entry.at} (UTC)`}>
          {when(entry.at)}
        </time>
        {entry.doctor && <> · Doctor: {entry.doctor.name ?? entry.doctor.id}</>}
        {entry.patient &&
          (onPatient ? (
            <>
              {' · Patient: '}
              <button type="button" className={styles.linkButton} onClick={() => onPatient(entry.patient?.id ?? '')}>
                {entry.patient.name ?? entry.patient.id}
              </button>
            </>
          ) : (
            <> · Patient: {entry.patient.name ?? entry.patient.id}</>
          ))}
      </p>
      {changes.length > 0 && (
        <ul className={styles.changes} aria-label="Changes">
          {changes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      <p className={styles.muted}>
        {entry.action} · from {entry.ip || 'unknown address'} · request {entry.requestId}
      </p>
    </li>
  );
}
