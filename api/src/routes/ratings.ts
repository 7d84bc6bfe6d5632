import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hasForbiddenCharacters, MESSAGES, validateRatingComment } from '@carebook/shared';
import { messageReplySchema, ratingRequestSchema } from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import { withErrors } from '../lib/reply-schemas';
import { findOwnAppointment } from '../repositories/patient-appointment-repository';

/** The optional comment of a rating, trimmed; 400 when it is not plain text (see `validateRatingComment`) or too long. */
function checkComment(value: string | null | undefined): string {
  if (value === undefined || value === null) return '';
  // Checked before trimming too: trim() would drop a trailing vertical tab or form feed unseen.
  if (hasForbiddenCharacters(value, { multiline: true })) throw new HttpError(400, MESSAGES.ratingCommentInvalid);
  const comment = value.trim();
  const problem = validateRatingComment(comment);
  if (problem) throw new HttpError(400, problem);
  return comment;
}

/**
 * `POST /api/v1/user/rate-appointment {appointmentId, rating, comment?}`: the patient's own
 * completed visit, once. 400 bad rating or comment, or not completed; 404 not theirs; 409 rated
 * already (the primary key decides, so two racing requests cannot both count).
 */
export async function ratingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, guards } = ctx;

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/user/rate-appointment',
    {
      preValidation: guards.requirePatient,
      schema: { body: ratingRequestSchema, response: withErrors({ 201: messageReplySchema }) },
    },
    async (request, reply) => {
      const { appointmentId, rating } = request.body;
      const comment = checkComment(request.body.comment);
      const appointment = await findOwnAppointment(db, appointmentId, request.userId);
      if (!appointment) throw new HttpError(404, MESSAGES.appointmentNotFound);
      if (!appointment.is_completed || appointment.cancelled) throw new HttpError(400, MESSAGES.ratingNotCompleted);
      await ctx.appointmentWrites.rate({ appointmentId, userId: request.userId, doctorId: appointment.doctor_id, rating, comment }, (tx) =>
        ctx.audit.within(
          tx,
          request,
          'appointment.rate',
          { type: 'appointment', id: appointmentId, appointmentId, doctorId: appointment.doctor_id },
          { rating, commented: comment !== '' },
        ),
      );
      return reply.status(201).send({ success: true, message: MESSAGES.ratingThanks });
    },
  );
}
