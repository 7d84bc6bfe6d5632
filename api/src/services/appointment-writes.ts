import { hasSlotStarted, MESSAGES, slotSortKey } from '@carebook/shared';
import type { Db } from '../db/db';
import { DOCTOR_SLOT_INDEX, violatedUniqueIndex } from '../lib/appointment-request';
import { HttpError } from '../lib/http-error';
import { enforcePatientLimits } from '../lib/patient-limits';
import { bookingRefusal } from '../lib/refusals';
import { toDocData } from '../lib/serialize';
import { cancelAppointment, insertAppointment } from '../repositories/appointments-repository';
import { type DoctorRow, findDoctor } from '../repositories/doctors-repository';
import { findOwnAppointment, moveAppointment } from '../repositories/patient-appointment-repository';
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

/** `YYYY-MM-DD` of a wire slot, the column the lists sort and filter by. */
function slotDay(slotDate: string, slotTime: string): string {
  return slotSortKey(slotDate, slotTime).slice(0, 10);
}

/** Where a moved appointment was before the move (for the audit trail). */
export interface MovedFrom {
  doctorId: string;
  slotDate: string;
  slotTime: string;
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
  /** Books a free slot of `doctor` within the patient's limits, in one transaction; 409 when taken. */
  async function book(request: SlotRequest & { appointmentId: string; doctor: DoctorRow }): Promise<void> {
    const { appointmentId, doctor, userId, slotDate, slotTime } = request;
    try {
      await db.transaction(async (tx) => {
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
        await mail.booked(tx, appointmentId);
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
  async function move(request: SlotRequest & { appointmentId: string }): Promise<MovedFrom> {
    const { appointmentId, slotDate, slotTime, now, timeZone } = request;
    return db.transaction(async (tx) => {
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
      await mail.moved(tx, appointmentId, { slotDate: current.slot_date, slotTime: current.slot_time });
      return { doctorId: current.doctor_id, slotDate: current.slot_date, slotTime: current.slot_time };
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

  /**
   * `true` when this call cancelled it (see the repository). With `userId`, only that patient's,
   * and the email says the patient cancelled; without, the clinic did.
   */
  async function cancel(id: string, userId?: string): Promise<boolean> {
    return db.transaction(async (tx) => {
      const cancelled = await cancelAppointment(tx, id, userId);
      if (cancelled) await mail.cancelled(tx, id, userId === undefined ? 'clinic' : 'patient');
      return cancelled;
    });
  }

  return {
    book: notifying(changes, book),
    move: notifying(changes, move),
    rate: notifying(changes, rate),
    cancel: notifying(changes, cancel, (cancelled) => cancelled),
  };
}

export type AppointmentWrites = ReturnType<typeof createAppointmentWrites>;
