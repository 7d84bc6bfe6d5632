import { useCallback, useMemo, type ReactNode } from 'react';
import { useSearchParams } from '@carebook/shared/router';
import { formatAppointmentTime } from '@carebook/shared';
import { ConfirmDialog } from '@carebook/shared/forms';
import { getAdminAppointments, getAdminDoctors, type AppointmentStatus } from '../../api/admin-api';
import { Empty, Loading, LoadError } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { usePageTitle } from '../../hooks/use-page-title';
import { useResource } from '../../hooks/use-resource';
import { AppointmentCard } from './appointment-card';
import { AppointmentFilters, type Filters } from './appointment-filters';
import { useAppointmentActions } from './use-appointment-actions';
import styles from './appointments-page.module.css';

const STATUSES: readonly string[] = ['upcoming', 'completed', 'cancelled'];

function readFilters(params: URLSearchParams): Filters {
  const status = params.get('status') ?? '';
  return {
    doctor: params.get('doctor') ?? '',
    date: /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? (params.get('date') ?? '') : '',
    status: STATUSES.includes(status) ? (status as AppointmentStatus) : '',
  };
}

/** Every appointment, filtered by doctor, day and status, with the clinic's actions on each. */
export function AppointmentsPage(): ReactNode {
  usePageTitle('Appointments');
  const { api } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readFilters(params), [params]);
  const loadDoctors = useCallback(() => getAdminDoctors(api), [api]);
  const doctors = useResource(loadDoctors).state.data ?? [];
  const loadAppointments = useCallback(
    () => getAdminAppointments(api, { docId: filters.doctor, from: filters.date, to: filters.date, status: filters.status }),
    [api, filters],
  );
  const { state, reload } = useResource(loadAppointments);
  const actions = useAppointmentActions(reload);

  function changeFilters(next: Filters): void {
    const search = new URLSearchParams();
    if (next.doctor) search.set('doctor', next.doctor);
    if (next.date) search.set('date', next.date);
    if (next.status) search.set('status', next.status);
    setParams(search, { replace: true });
  }

  const appointments = state.data ?? [];
  const filtered = filters.doctor !== '' || filters.date !== '' || filters.status !== '';
  return (
    <>
      <h1 className={styles.title}>Appointments</h1>
      <AppointmentFilters filters={filters} doctors={doctors} onChange={changeFilters} />
      <p className={styles.count} role="status">
        {state.status === 'ready' ? `${appointments.length} appointment${appointments.length === 1 ? '' : 's'}` : ''}
      </p>
      {state.status === 'error' && <LoadError message={state.message} onRetry={() => void reload()} />}
      {state.status === 'loading' && !state.data && <Loading label="Loading appointments..." />}
      {state.data && appointments.length === 0 && (
        <Empty>{filtered ? 'No appointments match these filters.' : 'No appointments have been booked yet.'}</Empty>
      )}
      {appointments.length > 0 && (
        <ul className={styles.list} aria-label="Appointments" aria-busy={state.status === 'loading'}>
          {appointments.map((appointment) => (
            <AppointmentCard key={appointment._id} appointment={appointment} busy={actions.busyId === appointment._id} onAction={actions.act} />
          ))}
        </ul>
      )}
      {actions.confirming && (
        <ConfirmDialog
          title="Cancel this appointment?"
          message={`${actions.confirming.userData.name} with ${actions.confirming.docData.name} on ${formatAppointmentTime(
            actions.confirming.slotDate,
            actions.confirming.slotTime,
          )}. The time becomes free for booking again; this cannot be undone.`}
          confirmLabel="Cancel appointment"
          cancelLabel="Keep it"
          busy={actions.busyId === actions.confirming._id}
          onConfirm={() => void actions.confirmCancel()}
          onCancel={actions.dismiss}
          actionsLayout="wrap"
        />
      )}
    </>
  );
}
