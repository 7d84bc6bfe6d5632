import type { FastifyInstance } from 'fastify';
import { checkSlot, hasSlotStarted, MESSAGES, slotSortKey } from '@carebook/shared';
import type { AppContext } from '../context';
import { appointmentIdField, DOCTOR_SLOT_INDEX, violatedUniqueIndex } from '../lib/appointment-request';
import { HttpError, stringField } from '../lib/http-error';
import { findDoctor } from '../repositories/doctors-repository';
import { findOwnAppointment, moveAppointment } from '../repositories/patient-appointment-repository';

/**
 * `POST /api/v1/user/reschedule-appointment {appointmentId, slotDate, slotTime}`: moves the
 * patient's own upcoming appointment to another slot of the same doctor, in one transaction.
 * 400 bad or past new slot, or the appointment is cancelled, completed or already started;
 * 404 not theirs; 409 the new slot is taken (by the unique index, never a read before the write)
 * or the doctor stopped taking appointments. A refusal changes nothing.
 */
export async function rescheduleRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards } = ctx;

  app.post('/api/v1/user/reschedule-appointment', { preHandler: guards.requirePatient }, async (request) => {
    const appointmentId = appointmentIdField(request.body);
    const slotDate = stringField(request.body, 'slotDate');
    const slotTime = stringField(request.body, 'slotTime');
    const now = ctx.now();
    const timeZone = config.clinicTimeZone;
    const slot = checkSlot({ slotDate, slotTime, now, timeZone });
    if (!slot.ok) throw new HttpError(400, slot.message);

    await db.transaction(async (tx) => {
      const current = await findOwnAppointment(tx, appointmentId, request.userId, { forUpdate: true });
      if (!current) throw new HttpError(404, MESSAGES.appointmentNotFound);
      if (current.cancelled || current.is_completed) throw new HttpError(400, MESSAGES.appointmentNotMovable);
      if (hasSlotStarted(current.slot_date, current.slot_time, now, timeZone)) throw new HttpError(400, MESSAGES.appointmentPast);
      if (current.slot_date === slotDate && current.slot_time === slotTime) throw new HttpError(400, MESSAGES.rescheduleSameSlot);
      const doctor = await findDoctor(tx, current.doctor_id);
      if (!doctor?.available) throw new HttpError(409, MESSAGES.doctorUnavailable);
      try {
        await moveAppointment(tx, { id: appointmentId, slotDate, slotTime, slotDay: slotSortKey(slotDate, slotTime).slice(0, 10) });
      } catch (error) {
        const index = violatedUniqueIndex(error);
        if (index === null) throw error;
        // Any other unique index on appointments guards the patient's own calendar (no two at once).
        throw new HttpError(409, index === DOCTOR_SLOT_INDEX || index === '' ? MESSAGES.slotTaken : MESSAGES.patientSlotClash);
      }
    });
    ctx.doctorsChanged();
    return { success: true, message: MESSAGES.appointmentRescheduled };
  });
}
