import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clinicToday,
  MESSAGES,
  normalizeEmail,
  validateLogin,
  validateProfile,
  validateRegistration,
} from '@carebook/shared';
import {
  loginRequestSchema,
  profileReplySchema,
  profileUpdateReplySchema,
  registerRequestSchema,
  tokenReplySchema,
} from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/db';
import { parseAddress, readForm } from '../lib/form';
import { HttpError } from '../lib/http-error';
import { authRateLimit, firstError } from '../lib/refusals';
import { withErrors } from '../lib/reply-schemas';
import { hashPassword, verifyPassword } from '../lib/passwords';
import { toProfile } from '../lib/serialize';
import { requestClient } from '../plugins/auth';
import { findCredentials, findUser, insertUser, updateProfile, type UserRow } from '../repositories/users-repository';
import { startSession } from '../services/sessions';

const PROFILE_FIELDS = ['name', 'phone', 'image', 'address_line1', 'address_line2', 'gender', 'dob'] as const;

/** The profile fields an update changed, old and new (all short: names, phone, address lines). */
function profileChanges(before: UserRow, after: UserRow): Record<string, { from: string; to: string }> {
  const changes: Record<string, { from: string; to: string }> = {};
  for (const field of PROFILE_FIELDS) {
    if (before[field] !== after[field]) changes[field] = { from: before[field], to: after[field] };
  }
  return changes;
}

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards, sessions, audit } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const authLimit = authRateLimit(config);

  api.post(
    '/api/v1/user/register',
    { config: authLimit, preHandler: ctx.rateLimits.signups, schema: { body: registerRequestSchema, response: withErrors({ 201: tokenReplySchema }) } },
    async (request, reply) => {
      const input = request.body;
      const problem = firstError(validateRegistration(input));
      if (problem) throw new HttpError(400, problem);
      const id = randomUUID();
      const passwordHash = await hashPassword(input.password);
      request.userId = id;
      request.actorRole = 'patient';
      let token: string;
      try {
        // The account, its first session and the entry saying so commit together.
        ({ token } = await db.transaction(async (tx) => {
          await insertUser(tx, { id, name: input.name.trim(), email: normalizeEmail(input.email), passwordHash });
          const started = await startSession(tx, { role: 'patient', userId: id, ...requestClient(request) }, sessions);
          await audit.within(tx, request, 'auth.register', { type: 'session', id: started.sessionId });
          return started;
        }));
      } catch (error) {
        if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new HttpError(409, MESSAGES.emailTaken);
        throw error;
      }
      return reply.status(201).send({ success: true, token, message: MESSAGES.registered });
    },
  );

  api.post(
    '/api/v1/user/login',
    { config: authLimit, schema: { body: loginRequestSchema, response: withErrors({ 200: tokenReplySchema }) } },
    async (request, reply) => {
      const input = request.body;
      const problem = firstError(validateLogin(input));
      if (problem) throw new HttpError(400, problem);
      const email = normalizeEmail(input.email);
      // Failed logins count per account too: spreading guesses over many addresses gains nothing.
      await ctx.rateLimits.loginFailures.check(request, reply, email);
      const user = await findCredentials(db, email);
      const ok = await verifyPassword(user?.password ?? null, input.password);
      if (!user || !ok) {
        await audit(request, 'auth.login-failed', { type: 'account', id: user?.id ?? '', patientId: user?.id ?? null }, { email });
        await ctx.rateLimits.loginFailures.failed(request, email);
        throw new HttpError(401, MESSAGES.wrongCredentials);
      }
      request.userId = user.id;
      request.actorRole = 'patient';
      const { token } = await db.transaction(async (tx) => {
        const started = await startSession(tx, { role: 'patient', userId: user.id, ...requestClient(request) }, sessions);
        await audit.within(tx, request, 'auth.login', { type: 'session', id: started.sessionId });
        return started;
      });
      return { success: true as const, token, message: MESSAGES.loggedIn };
    },
  );

  api.get(
    '/api/v1/user/get-profile',
    { preValidation: guards.requirePatient, schema: { response: withErrors({ 200: profileReplySchema }) } },
    async (request) => {
      const user = await findUser(db, request.userId);
      if (!user) throw new HttpError(401, MESSAGES.notLoggedIn);
      return { success: true as const, user: toProfile(config.publicUrl, user) };
    },
  );

  /**
   * The profile form. Fields left out keep their value; `email` is ignored (it is the login, not
   * editable here). Everything is checked before anything is written, so a refused update changes
   * nothing; the photo is stored last-but-one and removed again if the update fails.
   */
  api.post(
    '/api/v1/user/update-profile',
    // The body is a multipart form (or the same fields as JSON), read and checked by `readForm`.
    { preValidation: guards.requirePatient, schema: { response: withErrors({ 200: profileUpdateReplySchema }) } },
    async (request) => {
      const current = await findUser(db, request.userId);
      if (!current) throw new HttpError(401, MESSAGES.notLoggedIn);
      const { fields, image } = await readForm(request);
      const address = fields.has('address')
        ? parseAddress(fields.get('address') ?? '')
        : { line1: current.address_line1, line2: current.address_line2 };
      const input = {
        name: (fields.get('name') ?? current.name).trim(),
        phone: (fields.get('phone') ?? current.phone).trim(),
        address,
        gender: (fields.get('gender') ?? current.gender).trim(),
        dob: (fields.get('dob') ?? current.dob).trim(),
      };
      const problem = firstError(validateProfile(input, clinicToday(ctx.now(), config.clinicTimeZone)));
      if (problem) throw new HttpError(400, problem);
      const newImage = image ? await ctx.uploads.savePhoto(image) : null;
      let updated;
      try {
        updated = await db.transaction(async (tx) => {
          const row = await updateProfile(tx, request.userId, {
            name: input.name,
            phone: input.phone,
            image: newImage ?? current.image,
            addressLine1: input.address.line1,
            addressLine2: input.address.line2,
            gender: input.gender,
            dob: input.dob,
          });
          if (row) await audit.within(tx, request, 'account.profile-update', { type: 'patient', id: request.userId }, profileChanges(current, row));
          return row;
        });
      } catch (error) {
        if (newImage) await ctx.uploads.remove(newImage);
        throw error;
      }
      if (!updated) throw new HttpError(401, MESSAGES.notLoggedIn);
      if (newImage && current.image) await ctx.uploads.remove(current.image);
      return { success: true as const, message: MESSAGES.profileUpdated, user: toProfile(config.publicUrl, updated) };
    },
  );
}
