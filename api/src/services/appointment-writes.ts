import { checkSlot, hasSlotStarted, MESSAGES, slotSortKey } from '@carebook/shared';
import type { Db, Queryable } from '../db/db';
import { DOCTOR_SLOT_INDEX, violatedUniqueIndex } from '../lib/appointment-request';
import { HttpError } from '../lib/http-error';
import type { TransactionHooks } from '../lib/idempotency';
import { enforcePatientLimits } from '../lib/patient-limits';
import { bookingRefusal } from '../lib/refusals';
import { toDocData } from '../lib/serialize';
import { cancelAppointment, insertAppointment } from '../repositories/appointments-repository';
import { type DoctorRow, findDoctor } from '../repositories/doctors-repository';
import { findAnyAppointment, moveAppointment } from '../repositories/patient-appointment-repository';
import { insertRating } from '../repositories/ratings-repository';
import type { AppointmentMail } from './appointment-mail';
import { type DoctorListChanges, notifying } from './doctor-list-changes';

export interface SlotRequest {
  userId: string;
  slotDate: string;
  slotTime: string;
  now: Date;
  timeZone: string;
}

class NothingCancelled extends Error {}

/** `YYYY-MM-DD` of a wire slot, the column the lists sort and filter by. */
function slotDay(slotDate: string, slotTime: string): string {
  return slotSortKey(slotDate, slotTime).slice(0, 10);
}

/** Where a moved appointment was before the move (for the audit trail). */
export interface MovedFrom {
  patientId: string;
  doctorId: string;
  slotDate: string;
  slotTime: string;
}

/**
 * The checks that need no doctor (a real day, on the grid, not past, within 7 days), first, so a
 * bad request is a 400 whoever the doctor is; the doctor's own hours are checked under its lock.
 */
function refuseMalformedSlot(request: Omit<SlotRequest, 'userId'>): void {
  const slot = checkSlot(request);
  if (!slot.ok && slot.problem !== 'outside-hours' && slot.problem !== 'time-off') throw new HttpError(400, slot.message);
}

/**
 * The writes to appointments and ratings that the doctor list shows (booked slots, ratings). Each
 * tells the list it changed once it has committed; refusals (`HttpError`) change nothing. Bookings,
 * moves and cancellations queue the patient's email in the same transaction (`mail`).
 */
export function createAppointmentWrites(
  db: Db,
  changes: DoctorListChanges,
  limits: { maxUpcomingPerPatient: number },
  mail: AppointmentMail,
) {
  /**
   * Locks the doctor's row for the rest of the transaction and checks the slot against the
   * schedule in force: a schedule change waits for this booking to commit (and then lists it as a
   * conflict), or this booking waits for the change and is judged by the new hours.
   * 404 unknown doctor, 400 a slot the rules or the schedule refuse, 409 not taking appointments.
   */
  async function lockBookableDoctor(tx: Queryable, doctorId: string, request: Omit<SlotRequest, 'userId'>): Promise<DoctorRow> {
    const doctor = await findDoctor(tx, doctorId, { forUpdate: true });
    if (!doctor) throw new HttpError(404, MESSAGES.doctorNotFound);
    const slot = checkSlot({ ...request, schedule: doctor.schedule });
    if (!slot.ok) throw new HttpError(400, slot.message);
    if (!doctor.available) throw new HttpError(409, MESSAGES.doctorUnavailable);
    return doctor;
  }

  /**
   * Books a free slot of the doctor within the patient's limits, in one transaction; 409 when taken.
   * `maxUpcoming` replaces MAX_UPCOMING_PER_PATIENT for this booking (the clinic, with a reason).
   */
  async function book(
    request: SlotRequest & { appointmentId: string; doctorId: string; maxUpcoming?: number },
    hooks: TransactionHooks<void> = {},
  ): Promise<void> {
    const { appointmentId, userId, slotDate, slotTime } = request;
    refuseMalformedSlot(request);
    try {
      await db.transaction(async (tx) => {
        await hooks.first?.(tx);
        const doctor = await lockBookableDoctor(tx, request.doctorId, request);
        await enforcePatientLimits(tx, { ...request, max: request.maxUpcoming ?? limits.maxUpcomingPerPatient });
        await insertAppointment(tx, {
          id: appointmentId,
          userId,
          doctorId: doctor.id,
          slotDate,
          slotTime,
          slotDay: slotDay(slotDate, slotTime),
          docData: toDocData(doctor),
          amount: doctor.fees,
        });
        await mail.booked(tx, appointmentId);
        await hooks.last?.(tx);
      });
    } catch (error) {
      throw bookingRefusal(error);
    }
  }

  /**
   * Moves the patient's own upcoming appointment (`userId`; `null`: the clinic moves anyone's) to
   * another slot of its doctor, in one transaction: 404 not theirs; 400 cancelled, completed, started, the same slot, or a new slot the rules or
   * the doctor's schedule refuse; 409 the doctor stopped taking appointments or the slot is taken
   * (by a unique index, never a read before the write).
   */
  async function move(
    request: Omit<SlotRequest, 'userId'> & { appointmentId: string; userId: string | null },
    hooks: TransactionHooks<MovedFrom> = {},
  ): Promise<MovedFrom> {
    const { appointmentId, slotDate, slotTime, now, timeZone } = request;
    refuseMalformedSlot(request);
    return db.transaction(async (tx) => {
      await hooks.first?.(tx);
      const current = await findAnyAppointment(tx, appointmentId, { forUpdate: true });
      // Another patient's looks the same as a missing one.
      if (!current || (request.userId !== null && current.user_id !== request.userId)) throw new HttpError(404, MESSAGES.appointmentNotFound);
      if (current.cancelled || current.is_completed) throw new HttpError(400, MESSAGES.appointmentNotMovable);
      if (hasSlotStarted(current.slot_date, current.slot_time, now, timeZone)) throw new HttpError(400, MESSAGES.appointmentPast);
      if (current.slot_date === slotDate && current.slot_time === slotTime) throw new HttpError(400, MESSAGES.rescheduleSameSlot);
      await lockBookableDoctor(tx, current.doctor_id, request);
      try {
        await moveAppointment(tx, { id: appointmentId, slotDate, slotTime, slotDay: slotDay(slotDate, slotTime) });
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === null) throw error;
        // Any other unique index on appointments guards the patient's own calendar (no two at once).
        throw new HttpError(409, index === DOCTOR_SLOT_INDEX || index === '' ? MESSAGES.slotTaken : MESSAGES.patientSlotClash);
      }
      await mail.moved(tx, appointmentId, { slotDate: current.slot_date, slotTime: current.slot_time });
      const from = { patientId: current.user_id, doctorId: current.doctor_id, slotDate: current.slot_date, slotTime: current.slot_time };
      await hooks.last?.(tx, from);
      return from;
    });
  }

  /**
   * Adds a rating of a visit, then `last` (its audit entry) in the same transaction; 409 when it
   * was rated already (the primary key decides).
   */
  async function rate(rating: Parameters<typeof insertRating>[1], last?: (tx: Queryable) => Promise<void>): Promise<void> {
    try {
      await db.transaction(async (tx) => {
        await insertRating(tx, rating);
        await last?.(tx);
      });
    } catch (error) {
      if (violatedUniqueIndex(error) !== null) throw new HttpError(409, MESSAGES.ratingTwice);
      throw error;
    }
  }

  /**
   * Cancels it (with `userId`, only that patient's, and the email says the patient cancelled;
   * without, the clinic did); `true` when this call cancelled it. With an idempotency key
   * (`hooks.first`), nothing cancelled rolls the key back too, so a retry is not refused.
   */
  async function cancel(id: string, userId?: string, hooks: TransactionHooks<true> = {}): Promise<boolean> {
    try {
      return await db.transaction(async (tx) => {
        await hooks.first?.(tx);
        const cancelled = await cancelAppointment(tx, id, userId);
        if (!cancelled) {
          if (hooks.first) throw new NothingCancelled();
          return false;
        }
        await mail.cancelled(tx, id, userId === undefined ? 'clinic' : 'patient');
        await hooks.last?.(tx, true);
        return true;
      });
    } catch (error) {
      if (error instanceof NothingCancelled) return false;
      throw error;
    }
  }

  return {
    book: notifying(changes, book),
    move: notifying(changes, move),
    rate: notifying(changes, rate),
    cancel: notifying(changes, cancel, (cancelled) => cancelled),
  };
}

export type AppointmentWrites = ReturnType<typeof createAppointmentWrites>;
