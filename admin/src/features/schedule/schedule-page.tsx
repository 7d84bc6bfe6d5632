import { useCallback, type ReactNode } from 'react';
import { Link, useParams } from '@carebook/shared/router';
import { getAdminDoctors } from '../../api/admin-api';
import { Empty, Loading, LoadError } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { usePageTitle } from '../../hooks/use-page-title';
import { useResource } from '../../hooks/use-resource';
import { ScheduleEditor } from './schedule-editor';
import styles from './schedule.module.css';

/** `/doctors/:docId/hours`: one doctor's working hours and time off. */
export function SchedulePage(): ReactNode {
  const { docId } = useParams();
  usePageTitle('Working hours');
  const { api } = useAdminSession();
  const load = useCallback(() => getAdminDoctors(api), [api]);
  const { state, reload } = useResource(load);
  const doctor = state.data?.find((candidate) => candidate._id === docId) ?? null;

  let body: ReactNode;
  if (state.status === 'error') body = <LoadError message={state.message} onRetry={() => void reload()} />;
  else if (!state.data) body = <Loading label="Loading the doctor..." />;
  else if (!doctor) body = <Empty action={<Link to="/doctors">Back to doctors</Link>}>There is no doctor with this address.</Empty>;
  else body = <ScheduleEditor key={doctor._id} doctor={doctor} />;

  return (
    <>
      <h1 className={styles.title}>{doctor ? `Working hours of ${doctor.name}` : 'Working hours'}</h1>
      {body}
    </>
  );
}
