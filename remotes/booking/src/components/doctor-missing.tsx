import type { ReactNode } from 'react';
import { MESSAGES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { StatusPanel } from './status-panel';
import styles from './status-panel.module.css';

/**
 * What a booking screen shows while its doctor is not in the shared list: loading (a deep link
 * before the list arrived), the list failed (with Try again), or an unknown id (`children` adds
 * what the screen offers then, e.g. a link to all doctors).
 */
export function DoctorMissing({ children }: { children?: ReactNode }): ReactNode {
  const { doctorsStatus, reloadDoctors } = useApp();
  if (doctorsStatus === 'ready') {
    return (
      <StatusPanel kind="problem" title={MESSAGES.doctorNotFound}>
        {children}
      </StatusPanel>
    );
  }
  if (doctorsStatus === 'error') {
    return (
      <StatusPanel kind="problem" title={MESSAGES.doctorsLoadFailed}>
        <button type="button" className={styles.action} onClick={() => void reloadDoctors()}>
          Try again
        </button>
      </StatusPanel>
    );
  }
  return <StatusPanel kind="loading" title="Loading doctor…" />;
}
