import { hasSlotStarted, MESSAGES, slotSortKey } from '@carebook/shared';
import type { Db, Queryable } from '../db/db';
import { DOCTOR_SLOT_INDEX, violatedUniqueIndex } from '../lib/appointment-request';
import { HttpError } from '../lib/http-error';
import { enforcePatientLimits } from '../lib/patient-limits';
import { bookingRefusal } from '../lib/refusals';
import { toDocData } from '../lib/serialize';
import { cancelAppointment, insertAppointment } from '../repositories/appointments-repository';
import { type DoctorRow, findDoctor } from '../repositories/doctors-repository';
import { findOwnAppointment, moveAppointment } from '../repositories/patient-appointment-repository';
import { insertRating } from '../repositories/ratings-repository';
import { type DoctorListChanges, notifying } from './doctor-list-changes';

/**
 * Runs first inside the write's transaction: storing an idempotent reply claims its key before the
 * change, so a parallel request with the key waits for this one and then gives up (see
 * `lib/idempotency.ts`) instead of running into this one's change.
 */
export type FirstInTransaction = (tx: Queryable) => Promise<void>;

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

/**
 * The writes to appointments and ratings that the doctor list shows (booked slots, ratings). Each
 * tells the list it changed once it has committed; refusals (`HttpError`) change nothing.
 */
export function createAppointmentWrites(db: Db, changes: DoctorListChanges, limits: { maxUpcomingPerPatient: number }) {
  /** Books a free slot of `doctor` within the patient's limits, in one transaction; 409 when taken. */
  async function book(request: SlotRequest & { appointmentId: string; doctor: DoctorRow }, first?: FirstInTransaction): Promise<void> {
    const { appointmentId, doctor, userId, slotDate, slotTime } = request;
    try {
      await db.transaction(async (tx) => {
        await first?.(tx);
        await enforcePatientLimits(tx, { ...request, max: limits.maxUpcomingPerPatient });
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
      });
    } catch (error) {
      throw bookingRefusal(error);
    }
  }

  /**
   * Moves the patient's own upcoming appointment to another slot of its doctor, in one transaction:
   * 404 not theirs; 400 cancelled, completed, started or the same slot; 409 the doctor stopped
   * taking appointments or the slot is taken (by a unique index, never a read before the write).
   */
  async function move(request: SlotRequest & { appointmentId: string }, first?: FirstInTransaction): Promise<void> {
    const { appointmentId, slotDate, slotTime, now, timeZone } = request;
    await db.transaction(async (tx) => {
      await first?.(tx);
      const current = await findOwnAppointment(tx, appointmentId, request.userId, { forUpdate: true });
      if (!current) throw new HttpError(404, MESSAGES.appointmentNotFound);
      if (current.cancelled || current.is_completed) throw new HttpError(400, MESSAGES.appointmentNotMovable);
      if (hasSlotStarted(current.slot_date, current.slot_time, now, timeZone)) throw new HttpError(400, MESSAGES.appointmentPast);
      if (current.slot_date === slotDate && current.slot_time === slotTime) throw new HttpError(400, MESSAGES.rescheduleSameSlot);
      const doctor = await findDoctor(tx, current.doctor_id);
      if (!doctor?.available) throw new HttpError(409, MESSAGES.doctorUnavailable);
      try {
        await moveAppointment(tx, { id: appointmentId, slotDate, slotTime, slotDay: slotDay(slotDate, slotTime) });
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === null) throw error;
        // Any other unique index on appointments guards the patient's own calendar (no two at once).
        throw new HttpError(409, index === DOCTOR_SLOT_INDEX || index === '' ? MESSAGES.slotTaken : MESSAGES.patientSlotClash);
      }
    });
  }

  /** Adds a rating of a visit; 409 when it was rated already (the primary key decides). */
  async function rate(rating: Parameters<typeof insertRating>[1]): Promise<void> {
    try {
      await insertRating(db, rating);
    } catch (error) {
      if (violatedUniqueIndex(error) !== null) throw new HttpError(409, MESSAGES.ratingTwice);
      throw error;
    }
  }

  return {
    book: notifying(changes, book),
    move: notifying(changes, move),
    rate: notifying(changes, rate),
    /** `true` when this call cancelled it (see the repository); with `userId`, only that patient's. */
    cancel: notifying(
      changes,
      (id: string, userId?: string, first?: FirstInTransaction) =>
        first
          ? db.transaction(async (tx) => {
              await first(tx);
              const cancelled = await cancelAppointment(tx, id, userId);
              // Nothing cancelled: roll the key back too, so the refusal is not what a retry gets.
              if (!cancelled) throw new NothingCancelled();
              return true;
            }).catch((error: unknown) => {
              if (error instanceof NothingCancelled) return false;
              throw error;
            })
          : cancelAppointment(db, id, userId),
      (cancelled) => cancelled,
    ),
  };
}

export type AppointmentWrites = ReturnType<typeof createAppointmentWrites>;
