import { useCallback, useState, type ReactNode } from 'react';
import { Link } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { errorMessage, MESSAGES, type Doctor } from '@carebook/shared';
import { changeAvailability, getAdminDoctors } from '../../api/admin-api';
import { Empty, Loading, LoadError } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { usePageTitle } from '../../hooks/use-page-title';
import { useResource } from '../../hooks/use-resource';
import { DoctorRow } from './doctor-row';
import styles from './doctors-page.module.css';

/** Every doctor, with availability switched in place; adding and editing open the form. */
export function DoctorsPage(): ReactNode {
  usePageTitle('Doctors');
  const { api } = useAdminSession();
  const load = useCallback(() => getAdminDoctors(api), [api]);
  const { state, reload } = useResource(load);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [changed, setChanged] = useState<Record<string, boolean>>({});

  async function toggle(doctor: Doctor): Promise<void> {
    setBusyId(doctor._id);
    try {
      const reply = await changeAvailability(api, doctor._id);
      setChanged((current) => ({ ...current, [doctor._id]: reply.available }));
      toast.success(`${doctor.name}: ${reply.available ? 'taking appointments' : 'not taking appointments'}`);
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusyId(null);
    }
  }

  const doctors = (state.data ?? []).map((doctor) =>
    doctor._id in changed ? { ...doctor, available: changed[doctor._id] ?? doctor.available } : doctor,
  );
  return (
    <>
      <div className={styles.top}>
        <h1>Doctors</h1>
        <Link className={styles.add} to="/doctors/new">
          Add doctor
        </Link>
      </div>
      {state.status === 'error' && <LoadError message={state.message} onRetry={() => void reload()} />}
      {state.status === 'loading' && !state.data && <Loading label="Loading doctors..." />}
      {state.data && doctors.length === 0 && <Empty>No doctors yet. Add the first one.</Empty>}
      {doctors.length > 0 && (
        <ul className={styles.list} aria-label="Doctors">
          {doctors.map((doctor) => (
            <DoctorRow key={doctor._id} doctor={doctor} busy={busyId === doctor._id} onToggle={(d) => void toggle(d)} />
          ))}
        </ul>
      )}
    </>
  );
}
