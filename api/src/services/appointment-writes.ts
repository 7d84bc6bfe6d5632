import { cancelCutoffMessage, checkSlot, hasSlotStarted, MESSAGES, slotInterval, slotSortKey } from '@carebook/shared';
import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../db/db';
import { DOCTOR_SLOT_INDEX, violatedUniqueIndex } from '../lib/appointment-request';
import { HttpError } from '../lib/http-error';
import type { TransactionHooks } from '../lib/idempotency';
import { isWithinCutoff, type NoShowPolicy, refuseStoppedBooking } from '../lib/no-show-policy';
import { enforcePatientLimits } from '../lib/patient-limits';
import { bookingRefusal } from '../lib/refusals';
import { toDocData } from '../lib/serialize';
import { cancelAppointment, findAppointmentSlot, insertAppointment } from '../repositories/appointments-repository';
import { type DoctorRow, findDoctor } from '../repositories/doctors-repository';
import { findAnyAppointment, findOwnAppointment, moveAppointment } from '../repositories/patient-appointment-repository';
import { insertRating } from '../repositories/ratings-repository';
import { attachRequestToBooking, endRequest, findOffer, markOfferTaken } from '../repositories/waitlist-repository';
import type { AppointmentMail } from './appointment-mail';
import { type DoctorListChanges, notifying } from './doctor-list-changes';
import type { MadeOffer, Waitlist } from './waitlist';

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
  /** The freed old time, offered to the waitlist in the same transaction. */
  offers: MadeOffer[];
}

/** What taking an offer did: the appointment now at the offered time, and where it was before. */
export interface TakenOffer {
  appointmentId: string;
  doctorId: string;
  slotDate: string;
  slotTime: string;
  /** `null` when taking booked a new appointment. */
  movedFrom: { slotDate: string; slotTime: string } | null;
  offers: MadeOffer[];
}

/** The clinic's policies on patients' own changes (see `lib/no-show-policy.ts`). */
export interface PatientPolicies extends NoShowPolicy {
  maxUpcomingPerPatient: number;
  cancelCutoffHours: number;
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
  limits: PatientPolicies,
  mail: AppointmentMail,
  waitlist: Waitlist,
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
   * `maxUpcoming` replaces MAX_UPCOMING_PER_PATIENT for this booking (the clinic, with a reason);
   * `byClinic`: the desk books, so a patient whom missed visits stopped from booking online is not refused.
   */
  async function book(
    request: SlotRequest & { appointmentId: string; doctorId: string; maxUpcoming?: number; byClinic?: boolean },
    hooks: TransactionHooks<void> = {},
  ): Promise<void> {
    const { appointmentId, userId, slotDate, slotTime } = request;
    refuseMalformedSlot(request);
    try {
      await db.transaction(async (tx) => {
        await hooks.first?.(tx);
        const doctor = await lockBookableDoctor(tx, request.doctorId, request);
        await enforcePatientLimits(tx, { ...request, max: request.maxUpcoming ?? limits.maxUpcomingPerPatient });
        // The no-show stop is on online booking: the clinic's desk books such a patient by phone.
        if (!request.byClinic) await refuseStoppedBooking(tx, userId, limits, request.now, request.timeZone);
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
        await attachRequestToBooking(tx, { userId, doctorId: doctor.id, appointmentId });
        await hooks.last?.(tx);
      });
    } catch (error) {
      throw bookingRefusal(error);
    }
  }

  /** 400 when CANCEL_CUTOFF_HOURS closes online changes of a visit at this time. */
  function refuseWithinCutoff(slotDate: string, slotTime: string, now: Date, timeZone: string): void {
    const start = slotInterval(slotDate, slotTime, timeZone)?.start;
    if (start && isWithinCutoff(start, now, limits.cancelCutoffHours)) throw new HttpError(400, cancelCutoffMessage(limits.cancelCutoffHours), 'cancelCutoff');
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
      // The cut-off closes online changes; the clinic's desk may still move the visit.
      if (request.userId !== null) refuseWithinCutoff(current.slot_date, current.slot_time, now, timeZone);
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
      const freed = { doctorId: current.doctor_id, slotDate: current.slot_date, slotTime: current.slot_time };
      const from = { patientId: current.user_id, ...freed, offers: await waitlist.timesFreed(tx, [freed]) };
      await hooks.last?.(tx, from);
      return from;
    });
  }

  /**
   * Takes an offered earlier time, in one transaction: moves the request's visit there (or books
   * it when the request has none), ends the request and offers the freed old time in turn. Locks
   * in the order a move does (the visit, then the doctor, then the patient), so takes, moves and
   * bookings of one doctor queue behind each other; the unique index on live slots is the last
   * word on who got the time. 404 not this patient's offer; 409 `offerGone` (someone was first,
   * the time started or left the schedule, the request or its visit ended), changing nothing.
   * `hooks.last` gets what was taken (its audit entries).
   */
  async function take(request: { offerId: string; userId: string; now: Date; timeZone: string }, hooks: TransactionHooks<TakenOffer> = {}): Promise<TakenOffer> {
    const { offerId, userId, now, timeZone } = request;
    const gone = (): HttpError => new HttpError(409, MESSAGES.offerGone);
    try {
      return await db.transaction(async (tx) => {
        const offer = await findOffer(tx, offerId, { forUpdate: true });
        if (!offer || offer.user_id !== userId) throw new HttpError(404, MESSAGES.offerNotFound);
        if (offer.taken_at || offer.request_ended || offer.slot_held || offer.expires_at.getTime() <= now.getTime()) throw gone();
        const slot = { userId, slotDate: offer.slot_date, slotTime: offer.slot_time, now, timeZone };
        const current = offer.appointment_id ? await findOwnAppointment(tx, offer.appointment_id, userId, { forUpdate: true }) : null;
        if (offer.appointment_id) {
          if (!current || current.cancelled || current.is_completed || hasSlotStarted(current.slot_date, current.slot_time, now, timeZone)) throw gone();
          refuseWithinCutoff(current.slot_date, current.slot_time, now, timeZone);
        }
        const doctor = await lockBookableDoctor(tx, offer.doctor_id, slot).catch((error: unknown) => {
          throw error instanceof HttpError && error.statusCode !== 404 ? gone() : error;
        });
        await enforcePatientLimits(tx, { ...slot, max: limits.maxUpcomingPerPatient, exceptAppointmentId: current?.id });
        await refuseStoppedBooking(tx, userId, limits, now, timeZone);
        const slotDayOf = slotDay(offer.slot_date, offer.slot_time);
        let appointmentId: string;
        if (current) {
          appointmentId = current.id;
          await moveAppointment(tx, { id: current.id, slotDate: offer.slot_date, slotTime: offer.slot_time, slotDay: slotDayOf });
          await mail.moved(tx, current.id, { slotDate: current.slot_date, slotTime: current.slot_time });
        } else {
          appointmentId = randomUUID();
          await insertAppointment(tx, {
            id: appointmentId,
            userId,
            doctorId: doctor.id,
            slotDate: offer.slot_date,
            slotTime: offer.slot_time,
            slotDay: slotDayOf,
            docData: toDocData(doctor),
            amount: doctor.fees,
          });
          await mail.booked(tx, appointmentId);
        }
        await markOfferTaken(tx, offer.id, now);
        await endRequest(tx, offer.request_id, userId, 'taken', now);
        const movedFrom = current ? { slotDate: current.slot_date, slotTime: current.slot_time } : null;
        const offers = movedFrom ? await waitlist.timesFreed(tx, [{ doctorId: doctor.id, ...movedFrom }]) : [];
        const taken = { appointmentId, doctorId: doctor.id, slotDate: offer.slot_date, slotTime: offer.slot_time, movedFrom, offers };
        await hooks.last?.(tx, taken);
        return taken;
      });
    } catch (error) {
      // Someone else's live appointment holds the time (the unique index): it is gone.
      if (violatedUniqueIndex(error) === DOCTOR_SLOT_INDEX || violatedUniqueIndex(error) === '') throw gone();
      throw bookingRefusal(error);
    }
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
   * (`hooks.first`), nothing cancelled rolls the key back too, so a retry is not refused. The freed
   * time is offered to the waitlist in the same transaction; `hooks.last` gets the offers made.
   */
  async function cancel(id: string, userId?: string, hooks: TransactionHooks<MadeOffer[]> = {}): Promise<boolean> {
    try {
      return await db.transaction(async (tx) => {
        await hooks.first?.(tx);
        const cancelled = await cancelAppointment(tx, id, userId);
        if (!cancelled) {
          if (hooks.first) throw new NothingCancelled();
          return false;
        }
        await mail.cancelled(tx, id, userId === undefined ? 'clinic' : 'patient');
        const freed = await findAppointmentSlot(tx, id);
        await waitlist.visitCancelled(tx, id);
        const offers = freed ? await waitlist.timesFreed(tx, [freed]) : [];
        await hooks.last?.(tx, offers);
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
    take: notifying(changes, take),
  };
}

export type AppointmentWrites = ReturnType<typeof createAppointmentWrites>;
