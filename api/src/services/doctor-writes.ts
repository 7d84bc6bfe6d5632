import { MESSAGES, type Schedule } from '@carebook/shared';
import type { Db, Queryable } from '../db/db';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/db';
import { HttpError } from '../lib/http-error';
import type { UploadStore } from '../lib/images';
import { listScheduleConflicts } from '../lib/schedule-conflicts';
import { type AdminAppointmentRow, holdStrandedVisit } from '../repositories/appointments-repository';
import { type DoctorFields, type DoctorRow, insertDoctor, toggleAvailability, updateDoctor, updateSchedule } from '../repositories/doctors-repository';
import type { AppointmentMail } from './appointment-mail';
import { type DoctorListChanges, notifying } from './doctor-list-changes';

/**
 * Runs last in a write's transaction, with what it wrote: the audit entry of the change
 * (`audit.within`), so the change and its entry commit together or not at all.
 */
export type LastInTransaction<Row> = (tx: Queryable, written: Row) => Promise<void>;

/**
 * The admin's writes to doctors, each in one transaction that ends with its `last` step (the audit
 * entry). Each tells the doctor list it changed once it has committed; a failed write removes the
 * photo it was given (stored before the write) and a taken email is 409.
 */
export function createDoctorWrites(db: Db, changes: DoctorListChanges, uploads: UploadStore, mail: AppointmentMail) {
  const keepingPhotoTidy = async <Row>(write: () => Promise<Row>, image: string | null): Promise<Row> => {
    try {
      return await write();
    } catch (error) {
      if (image) await uploads.remove(image);
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new HttpError(409, MESSAGES.emailTaken);
      throw error;
    }
  };
  return {
    add: notifying(changes, (id: string, fields: DoctorFields, image: string | null, last?: LastInTransaction<DoctorRow>): Promise<DoctorRow> =>
      keepingPhotoTidy(
        () =>
          db.transaction(async (tx) => {
            const row = await insertDoctor(tx, id, { ...fields, image: image ?? '' });
            await last?.(tx, row);
            return row;
          }),
        image,
      ),
    ),
    /** `null` when there is no such doctor. */
    update: notifying(
      changes,
      (id: string, fields: DoctorFields, image: string | null, last?: LastInTransaction<DoctorRow>): Promise<DoctorRow | null> =>
        keepingPhotoTidy(
          () =>
            db.transaction(async (tx) => {
              const row = await updateDoctor(tx, id, { ...fields, image: image ?? fields.image });
              if (row) await last?.(tx, row);
              return row;
            }),
          image,
        ),
      (row) => row !== null,
    ),
    /** The new availability, `null` when there is no such doctor. */
    toggleAvailability: notifying(
      changes,
      (id: string, last?: LastInTransaction<boolean>) =>
        db.transaction(async (tx) => {
          const available = await toggleAvailability(tx, id);
          if (available !== null) await last?.(tx, available);
          return available;
        }),
      (available) => available !== null,
    ),
    /**
     * Saves the schedule and lists the upcoming appointments now outside it, in one transaction.
     * Each such visit's patient is emailed (once per time of the visit) and its reminder held
     * until the patient or staff decide (`stranded_held`), in the same transaction.
     * The update locks the doctor's row first, so a booking racing it either committed before
     * (and is listed here) or waits and is judged by the new hours: none slips through unreported.
     * `null` when there is no such doctor.
     */
    setSchedule: notifying(
      changes,
      (
        request: { id: string; schedule: Schedule; now: Date; timeZone: string; today: string },
        last?: LastInTransaction<{ row: DoctorRow; conflicts: AdminAppointmentRow[] }>,
      ) =>
        db.transaction(async (tx): Promise<{ row: DoctorRow; conflicts: AdminAppointmentRow[] } | null> => {
          const row = await updateSchedule(tx, request.id, request.schedule);
          if (!row) return null;
          const conflicts = await listScheduleConflicts(tx, { ...request, doctorId: request.id });
          for (const conflict of conflicts) {
            if (await mail.stranded(tx, conflict.id)) await holdStrandedVisit(tx, conflict.id, request.now);
          }
          const saved = { row, conflicts: await listScheduleConflicts(tx, { ...request, doctorId: request.id }) };
          await last?.(tx, saved);
          return saved;
        }),
      (saved) => saved !== null,
    ),
  };
}

export type DoctorWrites = ReturnType<typeof createDoctorWrites>;
