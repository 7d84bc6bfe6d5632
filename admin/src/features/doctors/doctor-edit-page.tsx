import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from '@carebook/shared/router';
import { getAdminDoctors } from '../../api/admin-api';
import { Empty, Loading, LoadError } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { usePageTitle } from '../../hooks/use-page-title';
import { useResource } from '../../hooks/use-resource';
import { DoctorForm } from './doctor-form';
import styles from './doctor-form.module.css';

/** `/doctors/new` adds a doctor; `/doctors/:docId/edit` loads that doctor into the same form. */
export function DoctorEditPage(): ReactNode {
  const { docId } = useParams();
  const editing = docId !== undefined;
  usePageTitle(editing ? 'Edit doctor' : 'Add doctor');
  const { api } = useAdminSession();
  const load = useCallback(async () => (editing ? getAdminDoctors(api) : []), [api, editing]);
  const { state, reload } = useResource(load);
  const doctor = state.data?.find((candidate) => candidate._id === docId) ?? null;

  let body: ReactNode;
  if (!editing) body = <DoctorForm doctor={null} />;
  else if (state.status === 'error') body = <LoadError message={state.message} onRetry={() => void reload()} />;
  else if (!state.data) body = <Loading label="Loading the doctor..." />;
  else if (!doctor) body = <Empty action={<Link to="/doctors">Back to doctors</Link>}>There is no doctor with this address.</Empty>;
  else body = <DoctorForm key={doctor._id} doctor={doctor} />;

  return (
    <>
      <h1 className={styles.title}>{editing ? (doctor ? `Edit ${doctor.name}` : 'Edit doctor') : 'Add doctor'}</h1>
      {body}
    </>
  );
}
