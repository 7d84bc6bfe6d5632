import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, normalizeEmail, validateEmail, validatePassword } from '@carebook/shared';
import { forgotPasswordRequestSchema, messageReplySchema, resetPasswordRequestSchema, tokenReplySchema } from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import { hashPassword } from '../lib/passwords';
import { authRateLimit } from '../lib/refusals';
import { withErrors } from '../lib/reply-schemas';
import { requestClient } from '../plugins/auth';
import { FORGOT_REPLY_MS, requestPasswordReset, resetPassword } from '../services/password-reset';
import { startSession } from '../services/sessions';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "Forgot password?": a link by email, then a new password that logs the patient in. */
export async function passwordResetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, sessions } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Per address (IP) like login; per email inside `requestPasswordReset`, silently.
  const limit = authRateLimit(config);

  /**
   * 200 with the same message, after the same time, whether or not the account exists; 400 for
   * a malformed address; 429 when this IP asks too often.
   */
  api.post(
    '/api/v1/user/forgot-password',
    { config: limit, schema: { body: forgotPasswordRequestSchema, response: withErrors({ 200: messageReplySchema }) } },
    async (request) => {
      const started = Date.now();
      const problem = validateEmail(request.body.email);
      if (problem) throw new HttpError(400, problem);
      await requestPasswordReset(db, { email: normalizeEmail(request.body.email), now: ctx.now() });
      await sleep(started + FORGOT_REPLY_MS - Date.now());
      return { success: true as const, message: MESSAGES.resetLinkSent };
    },
  );

  /**
   * 200 with a new session's token; every earlier session of the account has ended. 400 for a
   * weak password, or a link that is malformed, unknown, used, replaced by a newer one or expired (each its own message).
   */
  api.post(
    '/api/v1/user/reset-password',
    { config: limit, schema: { body: resetPasswordRequestSchema, response: withErrors({ 200: tokenReplySchema }) } },
    async (request) => {
      const { token, password } = request.body;
      const problem = validatePassword(password);
      if (problem) throw new HttpError(400, problem);
      // The new password, the end of every older session, the new session and its entry: one transaction.
      const session = await resetPassword(db, { token, passwordHash: await hashPassword(password), now: ctx.now() }, async (tx, userId) => {
        request.userId = userId;
        request.actorRole = 'patient';
        const started = await startSession(tx, { role: 'patient', userId, ...requestClient(request) }, sessions);
        await ctx.audit.within(tx, request, 'account.password-reset', { type: 'session', id: started.sessionId });
        return started;
      });
      return { success: true as const, token: session.token, message: MESSAGES.passwordResetDone };
    },
  );
}
