import type { FastifyInstance } from 'fastify';
import { MESSAGES, validateRating, validateRatingComment } from '@carebook/shared';
import type { AppContext } from '../context';
import { appointmentIdField, violatedUniqueIndex } from '../lib/appointment-request';
import { HttpError } from '../lib/http-error';
import { findOwnAppointment } from '../repositories/patient-appointment-repository';
import { insertRating } from '../repositories/ratings-repository';

/** Control characters other than tab and line breaks: never wanted in a comment (PostgreSQL refuses NUL). */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The optional comment of a rating, trimmed; 400 when it is not text or too long. */
function commentField(body: unknown): string {
  const value = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).comment : undefined;
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string' || CONTROL_CHARACTERS.test(value)) throw new HttpError(400, MESSAGES.ratingCommentInvalid);
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

  app.post('/api/v1/user/rate-appointment', { preHandler: guards.requirePatient }, async (request, reply) => {
    const appointmentId = appointmentIdField(request.body);
    const rating = (request.body as Record<string, unknown> | null)?.rating;
    const ratingProblem = validateRating(rating);
    if (ratingProblem) throw new HttpError(400, ratingProblem);
    const comment = commentField(request.body);

    const appointment = await findOwnAppointment(db, appointmentId, request.userId);
    if (!appointment) throw new HttpError(404, MESSAGES.appointmentNotFound);
    if (!appointment.is_completed || appointment.cancelled) throw new HttpError(400, MESSAGES.ratingNotCompleted);
    try {
      await insertRating(db, {
        appointmentId,
        userId: request.userId,
        doctorId: appointment.doctor_id,
        rating: rating as number,
        comment,
      });
    } catch (error) {
      if (violatedUniqueIndex(error) !== null) throw new HttpError(409, MESSAGES.ratingTwice);
      throw error;
    }
    ctx.doctorsChanged();
    return reply.status(201).send({ success: true, message: MESSAGES.ratingThanks });
  });
}
