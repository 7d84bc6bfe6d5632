import { generateSlotDays, MESSAGES, type Schedule } from '@carebook/shared';
import type { Db, Queryable } from '../db/db';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/db';
import { HttpError } from '../lib/http-error';
import type { UploadStore } from '../lib/images';
import type { TransactionHooks } from '../lib/idempotency';
import { listScheduleConflicts } from '../lib/schedule-conflicts';
import { type AdminAppointmentRow, holdStrandedVisit } from '../repositories/appointments-repository';
import { type DoctorFields, type DoctorRow, findDoctor, insertDoctor, toggleAvailability, updateDoctor, updateSchedule } from '../repositories/doctors-repository';
import type { AppointmentMail } from './appointment-mail';
import { type DoctorListChanges, notifying } from './doctor-list-changes';
import type { FreedSlot, MadeOffer, Waitlist } from './waitlist';

/**
 * The starts within the booking window that `after` opens and `before` did not (new hours, time
 * off removed), booked or not: the waitlist skips the booked ones.
 */
function openedSlots(doctorId: string, before: Schedule, after: Schedule, now: Date, timeZone: string): FreedSlot[] {
  const old = generateSlotDays({ now, timeZone, schedule: before });
  return generateSlotDays({ now, timeZone, schedule: after }).flatMap((day, index) => {
    const had = new Set(old[index]?.times ?? []);
    return day.times.filter((time) => !had.has(time)).map((slotTime) => ({ doctorId, slotDate: day.key, slotTime }));
  });
}

/** A saved schedule: the doctor, the upcoming visits now outside it (kept), and the offers of the times it opened. */
export interface SavedSchedule {
  row: DoctorRow;
  conflicts: AdminAppointmentRow[];
  offers: MadeOffer[];
}

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
export function createDoctorWrites(db: Db, changes: DoctorListChanges, uploads: UploadStore, mail: AppointmentMail, waitlist: Waitlist) {
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
     * Times it opens (new hours, time off removed) are offered to the waitlist; `hooks.last` gets
     * what was saved (its audit entries). The update locks the doctor's row first, so a booking racing it either committed before
     * (and is listed here) or waits and is judged by the new hours: none slips through unreported.
     * `null` when there is no such doctor.
     */
    setSchedule: notifying(
      changes,
      (request: { id: string; schedule: Schedule; now: Date; timeZone: string; today: string }, hooks: TransactionHooks<SavedSchedule> = {}) =>
        db.transaction(async (tx): Promise<SavedSchedule | null> => {
          const before = await findDoctor(tx, request.id, { forUpdate: true });
          const row = await updateSchedule(tx, request.id, request.schedule);
          if (!before || !row) return null;
          const conflicts = await listScheduleConflicts(tx, { ...request, doctorId: request.id });
          for (const conflict of conflicts) {
            if (await mail.stranded(tx, conflict.id)) await holdStrandedVisit(tx, conflict.id, request.now);
          }
          // Times the new schedule opens are offered to the waitlist, in this transaction.
          const offers = await waitlist.timesFreed(tx, openedSlots(row.id, before.schedule, row.schedule, request.now, request.timeZone));
          const saved = { row, conflicts: await listScheduleConflicts(tx, { ...request, doctorId: request.id }), offers };
          await hooks.last?.(tx, saved);
          return saved;
        }),
      (saved) => saved !== null,
    ),
  };
}

export type DoctorWrites = ReturnType<typeof createDoctorWrites>;
