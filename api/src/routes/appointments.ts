import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { checkSlot, hasSlotStarted, MESSAGES, slotSortKey } from '@carebook/shared';
import type { AppContext } from '../context';
import { FOREIGN_KEY_VIOLATION, pgConstraint, pgErrorCode, UNIQUE_VIOLATION } from '../db/db';
import { checkId, HttpError, stringField } from '../lib/http-error';
import { enforcePatientLimits, PATIENT_TIME_INDEX } from '../lib/patient-limits';
import { toAppointment, toDocData } from '../lib/serialize';
import {
  cancelAppointment,
  findAppointmentState,
  insertAppointment,
  listUserAppointments,
} from '../repositories/appointments-repository';
import { findDoctor } from '../repositories/doctors-repository';
import { findOwnAppointment } from '../repositories/patient-appointment-repository';
import { listUserRatings } from '../repositories/ratings-repository';

export async function appointmentRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards } = ctx;

  /**
   * 400 off-grid / past / too far, 404 unknown doctor, 409 doctor unavailable, slot taken, or a
   * per-patient limit (same time, MAX_UPCOMING_PER_PATIENT). "Taken" is decided by the partial
   * unique index at insert time, never by a read before it.
   */
  app.post('/api/v1/user/book-appointment', { preHandler: guards.requirePatient }, async (request, reply) => {
    const docId = checkId(stringField(request.body, 'docId'), MESSAGES.invalidDoctorId);
    const slotDate = stringField(request.body, 'slotDate');
    const slotTime = stringField(request.body, 'slotTime');
    const now = ctx.now();
    const slot = checkSlot({ slotDate, slotTime, now, timeZone: config.clinicTimeZone });
    if (!slot.ok) throw new HttpError(400, slot.message);
    const doctor = await findDoctor(db, docId);
    if (!doctor) throw new HttpError(404, MESSAGES.doctorNotFound);
    if (!doctor.available) throw new HttpError(409, MESSAGES.doctorUnavailable);
    const appointmentId = randomUUID();
    try {
      await db.transaction(async (tx) => {
        await enforcePatientLimits(tx, {
          userId: request.userId,
          slotDate,
          slotTime,
          now,
          timeZone: config.clinicTimeZone,
          max: config.maxUpcomingPerPatient,
        });
        await insertAppointment(tx, {
          id: appointmentId,
          userId: request.userId,
          doctorId: doctor.id,
          slotDate,
          slotTime,
          slotDay: slotSortKey(slotDate, slotTime).slice(0, 10),
          docData: toDocData(doctor),
          amount: doctor.fees,
        });
      });
    } catch (error) {
      throw bookingRefusal(error);
    }
    ctx.doctorsChanged();
    return reply.status(201).send({ success: true, message: MESSAGES.appointmentBooked, appointmentId });
  });

  app.get('/api/v1/user/appointments', { preHandler: guards.requirePatient }, async (request) => {
    const [rows, ratings] = await Promise.all([listUserAppointments(db, request.userId), listUserRatings(db, request.userId)]);
    const appointments = rows.map((row) => ({ ...toAppointment(config.publicUrl, row), rating: ratings.get(row.id) ?? null }));
    return { success: true, appointments };
  });

  /**
   * Own appointment only (another patient's is 404, unchanged); twice or after completion is 409;
   * once it has started it is 400, like a reschedule (the visit is over or under way).
   */
  app.post('/api/v1/user/cancel-appointment', { preHandler: guards.requirePatient }, async (request) => {
    const appointmentId = checkId(stringField(request.body, 'appointmentId'), MESSAGES.invalidAppointmentId);
    const own = await findOwnAppointment(db, appointmentId, request.userId);
    if (own && !own.cancelled && !own.is_completed && hasSlotStarted(own.slot_date, own.slot_time, ctx.now(), config.clinicTimeZone)) {
      throw new HttpError(400, MESSAGES.appointmentPast);
    }
    if (await cancelAppointment(db, appointmentId, request.userId)) {
      ctx.doctorsChanged();
      return { success: true, message: MESSAGES.appointmentCancelled };
    }
    throw cancelRefusal(await findAppointmentState(db, appointmentId, request.userId));
  });
}

/**
 * A failed booking write as the patient should hear it: the doctor's slot index (taken), the
 * patient's same-time index (a parallel request of theirs won), or their account gone (401).
 */
export function bookingRefusal(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  const code = pgErrorCode(error);
  if (code === UNIQUE_VIOLATION) {
    return new HttpError(409, pgConstraint(error) === PATIENT_TIME_INDEX ? MESSAGES.sameTimeBooked : MESSAGES.slotTaken);
  }
  if (code === FOREIGN_KEY_VIOLATION) return new HttpError(401, MESSAGES.notLoggedIn);
  return error;
}

/** Why a conditional cancel changed nothing. */
export function cancelRefusal(state: { cancelled: boolean; is_completed: boolean } | null): HttpError {
  if (!state) return new HttpError(404, MESSAGES.appointmentNotFound);
  if (state.cancelled) return new HttpError(409, MESSAGES.alreadyCancelled);
  return new HttpError(409, MESSAGES.appointmentCompletedCannotCancel);
}
