import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';

const DOCTORS_CHANNEL = 'carebook_doctors_changed';

/** Tells every copy of the doctor list (here and on other processes) that it is out of date. */
export interface DoctorListChanges {
  /** Call after a committed change to doctors, bookings or ratings. */
  changed(): void;
}

/**
 * Drops this process's copy at once and, on PostgreSQL, tells the other processes with
 * `pg_notify`; returns the notifier and a way to stop listening for theirs.
 */
export async function watchDoctorList(
  db: Db,
  invalidate: () => void,
  log: FastifyBaseLogger,
): Promise<{ changes: DoctorListChanges; stop: () => Promise<void> }> {
  const changes: DoctorListChanges = {
    changed() {
      invalidate();
      if (db.driver === 'postgres') {
        db.query('SELECT pg_notify($1, $2)', [DOCTORS_CHANNEL, String(process.pid)]).catch((error: unknown) =>
          log.error({ err: error }, 'could not notify other processes of a change'),
        );
      }
    },
  };
  if (db.driver !== 'postgres') return { changes, stop: async () => {} };
  const stop = await db.listen(DOCTORS_CHANNEL, invalidate);
  return { changes, stop };
}

/**
 * `write`, followed by a change notice once it has committed (and, with `changedBy`, only when its
 * result says something changed). Every write that shows in the doctor list is made this way, so
 * no caller can forget the notice.
 */
export function notifying<Args extends unknown[], Result>(
  changes: DoctorListChanges,
  write: (...args: Args) => Promise<Result>,
  changedBy: (result: Result) => boolean = () => true,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    const result = await write(...args);
    if (changedBy(result)) changes.changed();
    return result;
  };
}
