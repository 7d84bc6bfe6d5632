import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@carebook/shared';
import { appointmentEmailsQuerySchema, appointmentEmailsReplySchema } from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import { withErrors } from '../lib/reply-schemas';
import { findAppointmentState } from '../repositories/appointments-repository';
import { listAppointmentMails } from '../repositories/mail-outbox-repository';

const millis = (value: Date | string | null): number | null => (value === null ? null : new Date(value).getTime());

/** Staff: which emails an appointment caused, when they went out, and what failed. */
export async function adminMailRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards } = ctx;
  if (!config.admin) return;
  const api = app.withTypeProvider<ZodTypeProvider>();

  /** Oldest first; 404 for an unknown appointment. */
  api.get(
    '/api/v1/admin/appointment-emails',
    {
      preValidation: guards.requireAdmin,
      schema: { querystring: appointmentEmailsQuerySchema, response: withErrors({ 200: appointmentEmailsReplySchema }) },
    },
    async (request) => {
      const { appointmentId } = request.query;
      if (!(await findAppointmentState(db, appointmentId))) throw new HttpError(404, MESSAGES.appointmentNotFound);
      const rows = await listAppointmentMails(db, appointmentId);
      return {
        success: true as const,
        // A release's email (canary withdrawn) belongs to no appointment: never among these rows.
        emails: rows.flatMap(({ kind, ...row }) => (kind === 'canary-withdrawn' ? [] : [{ ...row, kind }])).map((row) => ({
          id: row.id,
          kind: row.kind,
          recipient: row.recipient,
          subject: row.subject,
          status: row.status,
          attempts: row.attempts,
          lastError: row.last_error,
          createdAt: millis(row.created_at) ?? 0,
          sentAt: millis(row.sent_at),
          nextAttemptAt: row.status === 'pending' ? millis(row.next_attempt_at) : null,
        })),
      };
    },
  );
}
