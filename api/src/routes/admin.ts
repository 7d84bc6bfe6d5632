import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clinicToday,
  DOCTOR_LIMITS,
  isSpecialization,
  MESSAGES,
  normalizeEmail,
  validateAddressLine,
  validateEmail,
  validateLogin,
  validateName,
  validateSchedule,
  validateText,
} from '@carebook/shared';
import {
  adminAppointmentsQuerySchema,
  adminAppointmentsReplySchema,
  adminDoctorsReplySchema,
  appointmentIdRequestSchema,
  availabilityReplySchema,
  doctorIdRequestSchema,
  doctorScheduleReplySchema,
  doctorScheduleRequestSchema,
  doctorReplySchema,
  loginRequestSchema,
  messageReplySchema,
  tokenReplySchema,
} from '@carebook/shared/contract';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { appointmentFilter } from '../lib/appointment-filter';
import { parseAddress, readForm, type FormInput } from '../lib/form';
import { checkId, HttpError } from '../lib/http-error';
import { authRateLimit, cancelRefusal, firstError } from '../lib/refusals';
import { withErrors } from '../lib/reply-schemas';
import { listScheduleConflicts } from '../lib/schedule-conflicts';
import { toAdminAppointment, toDoctor } from '../lib/serialize';
import { auditOffers } from '../plugins/waitlist-audit';
import type { AuditTarget } from '../plugins/audit';
import { requestClient } from '../plugins/auth';
import {
  findAppointmentParties,
  findAppointmentState,
  listAllAppointments,
  keepStrandedVisit,
  markCompleted,
  markPaid,
} from '../repositories/appointments-repository';
import { type DoctorFields, type DoctorRow, findDoctor, findDoctorEmail, listDoctors } from '../repositories/doctors-repository';
import { startSession } from '../services/sessions';

const TEXT_LIMITS = {
  degree: DOCTOR_LIMITS.degreeMax,
  experience: DOCTOR_LIMITS.experienceMax,
  about: DOCTOR_LIMITS.aboutMax,
  location: DOCTOR_LIMITS.locationMax,
} as const;
const MAX_FEES = DOCTOR_LIMITS.feesMax;

function sameSecret(a: string, b: string): boolean {
  const digest = (s: string): Buffer => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** A doctor's fields from the admin form, on top of `current` when editing (absent fields keep). */
function doctorFields(form: FormInput, current: DoctorFields | null): DoctorFields {
  const f = form.fields;
  const text = (name: string, fallback: string): string => (f.get(name) ?? fallback).trim();
  const name = text('name', current?.name ?? '');
  const nameProblem = validateName(name);
  if (nameProblem) throw new HttpError(400, nameProblem);

  let email = current?.email ?? null;
  if (f.has('email')) {
    const given = text('email', '');
    if (given !== '' && validateEmail(given)) throw new HttpError(400, MESSAGES.invalidEmail);
    email = given === '' ? null : normalizeEmail(given);
  }

  // The original admin panel calls it `speciality`.
  const specialization = text('specialization', f.get('speciality') ?? current?.specialization ?? '');
  if (!isSpecialization(specialization)) throw new HttpError(400, MESSAGES.invalidSpecialization);

  const feesText = text('fees', f.get('fee') ?? (current ? String(current.fees) : ''));
  const fees = Number(feesText);
  if (feesText === '' || !Number.isInteger(fees) || fees < 0 || fees > MAX_FEES) throw new HttpError(400, MESSAGES.invalidFees);

  const degree = text('degree', current?.degree ?? '');
  const about = text('about', current?.about ?? '');
  const experience = text('experience', current?.experience ?? '');
  const location = text('location', current?.location ?? '');
  for (const [key, value] of Object.entries({ degree, about, experience, location })) {
    if (value.length > TEXT_LIMITS[key as keyof typeof TEXT_LIMITS]) throw new HttpError(400, MESSAGES.fieldTooLong);
    const problem = validateText(value, { multiline: key === 'about' });
    if (problem) throw new HttpError(400, problem);
  }

  const address = f.has('address')
    ? parseAddress(f.get('address') ?? '')
    : { line1: current?.addressLine1 ?? '', line2: current?.addressLine2 ?? '' };
  const addressProblem = validateAddressLine(address.line1) ?? validateAddressLine(address.line2);
  if (addressProblem) throw new HttpError(400, addressProblem);

  const availableText = f.get('available');
  const available = availableText === undefined ? (current?.available ?? true) : availableText === 'true';
  return {
    name,
    email,
    image: current?.image ?? '',
    specialization,
    degree,
    experience: experience === '' ? null : experience,
    about,
    fees,
    available,
    addressLine1: address.line1,
    addressLine2: address.line2,
    location: location === '' ? null : location,
  };
}

/** Values longer than this are recorded as changed without their text (the "about" text, say). */
const SMALL_VALUE = 200;

/** A doctor's changed fields, old and new; every field (as `to`) when the doctor is new. */
function doctorChanges(before: DoctorFields | null, after: DoctorFields): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const key of Object.keys(after) as Array<keyof DoctorFields>) {
    const from = before ? before[key] : null;
    const to = after[key];
    if (before && from === to) continue;
    const small = (v: unknown): boolean => typeof v !== 'string' || v.length <= SMALL_VALUE;
    changes[key] = small(from) && small(to) ? { from, to } : { changed: true };
  }
  return changes;
}

function appointmentTarget(appointmentId: string, parties: { user_id: string; doctor_id: string } | null): AuditTarget {
  return { type: 'appointment', id: appointmentId, appointmentId, patientId: parties?.user_id ?? null, doctorId: parties?.doctor_id ?? null };
}

function fieldsOf(row: DoctorRow, email: string | null): DoctorFields {
  return {
    name: row.name,
    email,
    image: row.image,
    specialization: row.specialization,
    degree: row.degree,
    experience: row.experience,
    about: row.about,
    fees: row.fees,
    available: row.available,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    location: row.location,
  };
}

/**
 * The small admin API of the external panel. Off (404) unless ADMIN_EMAIL and ADMIN_PASSWORD are
 * set. Its tokens carry `role: admin`; patient tokens are refused with 401.
 */
export async function adminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards, doctorWrites, sessions, audit } = ctx;
  const admin = config.admin;
  if (!admin) return;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const base = '/api/v1/admin';
  const guarded = { preValidation: guards.requireAdmin };

  api.post(
    `${base}/login`,
    { config: authRateLimit(config), schema: { body: loginRequestSchema, response: withErrors({ 200: tokenReplySchema }) } },
    async (request) => {
      const input = request.body;
      const problem = firstError(validateLogin(input));
      if (problem) throw new HttpError(400, problem);
      const emailOk = sameSecret(normalizeEmail(input.email), admin.email);
      const passwordOk = sameSecret(input.password, admin.password);
      if (!emailOk || !passwordOk) {
        await audit(request, 'auth.admin-login-failed', { type: 'admin', id: '' }, { email: normalizeEmail(input.email) });
        throw new HttpError(401, MESSAGES.wrongCredentials);
      }
      request.userId = admin.email;
      request.actorRole = 'admin';
      const { token } = await db.transaction(async (tx) => {
        const started = await startSession(tx, { role: 'admin', userId: admin.email, ...requestClient(request) }, sessions);
        await audit.within(tx, request, 'auth.admin-login', { type: 'session', id: started.sessionId });
        return started;
      });
      return { success: true as const, token, message: MESSAGES.loggedIn };
    },
  );

  const allDoctors = { ...guarded, schema: { response: withErrors({ 200: adminDoctorsReplySchema }) } };
  const listAllDoctors = async () => {
    const rows = await listDoctors(db);
    return { success: true as const, doctors: rows.map((row) => toDoctor(config.publicUrl, row, {})) };
  };
  api.get(`${base}/all-doctors`, allDoctors, listAllDoctors);
  api.post(`${base}/all-doctors`, allDoctors, listAllDoctors);

  const saveImage = async (form: FormInput): Promise<string | null> => (form.image ? ctx.uploads.savePhoto(form.image) : null);

  // The doctor form is multipart (or the same fields as JSON), read and checked by `readForm`.
  api.post(`${base}/add-doctor`, { ...guarded, schema: { response: withErrors({ 201: doctorReplySchema }) } }, async (request, reply) => {
    const form = await readForm(request);
    const fields = doctorFields(form, null);
    const image = await saveImage(form);
    const row = await doctorWrites.add(randomUUID(), fields, image, (tx, added) =>
      audit.within(tx, request, 'doctor.add', { type: 'doctor', id: added.id, doctorId: added.id }, doctorChanges(null, { ...fields, image: added.image })),
    );
    return reply.status(201).send({ success: true, message: MESSAGES.doctorAdded, doctor: toDoctor(config.publicUrl, row, {}) });
  });

  api.post(`${base}/update-doctor`, { ...guarded, schema: { response: withErrors({ 200: doctorReplySchema }) } }, async (request) => {
    const form = await readForm(request);
    const docId = (form.fields.get('docId') ?? '').trim();
    const current = docId ? await findDoctor(db, checkId(docId, MESSAGES.invalidDoctorId)) : null;
    if (!current) throw new HttpError(404, MESSAGES.doctorNotFound);
    const before = fieldsOf(current, await findDoctorEmail(db, docId));
    const fields = doctorFields(form, before);
    const image = await saveImage(form);
    const row = await doctorWrites.update(docId, fields, image, (tx, updated) =>
      audit.within(tx, request, 'doctor.update', { type: 'doctor', id: docId, doctorId: docId }, doctorChanges(before, { ...fields, image: updated.image })),
    );
    if (!row) throw new HttpError(404, MESSAGES.doctorNotFound);
    if (image) await ctx.uploads.remove(current.image);
    return { success: true as const, message: MESSAGES.doctorUpdated, doctor: toDoctor(config.publicUrl, row, {}) };
  });

  api.post(
    `${base}/change-availability`,
    { ...guarded, schema: { body: doctorIdRequestSchema, response: withErrors({ 200: availabilityReplySchema }) } },
    async (request) => {
      const { docId } = request.body;
      const available = await doctorWrites.toggleAvailability(docId, (tx, now) =>
        audit.within(tx, request, 'doctor.availability', { type: 'doctor', id: docId, doctorId: docId }, { available: { from: !now, to: now } }),
      );
      if (available === null) throw new HttpError(404, MESSAGES.doctorNotFound);
      return { success: true as const, message: MESSAGES.availabilityChanged, available };
    },
  );

  /**
   * The doctor's whole schedule (weekly hours, time off): 400 naming the field for a bad one, 404
   * unknown doctor. Replies with the doctor and the upcoming appointments now outside the hours,
   * which are kept. With `dryRun`, nothing is saved: the reply shows what the change would do.
   */
  api.post(
    `${base}/doctor-schedule`,
    { ...guarded, schema: { body: doctorScheduleRequestSchema, response: withErrors({ 200: doctorScheduleReplySchema }) } },
    async (request) => {
      const { docId, weekly, timeOff, dryRun } = request.body;
      const checked = validateSchedule({ weekly, timeOff });
      if (!checked.ok) throw new HttpError(400, checked.message);
      const now = ctx.now();
      const timeZone = config.clinicTimeZone;
      const change = { id: docId, schedule: checked.schedule, now, timeZone, today: clinicToday(now, timeZone) };
      const result = dryRun
        ? await findDoctor(db, docId).then(async (row) =>
            row ? { row: { ...row, schedule: checked.schedule }, conflicts: await listScheduleConflicts(db, { ...change, doctorId: docId }) } : null,
          )
        : await doctorWrites.setSchedule(change, {
            // The schedule, its entry and the offers of the times it opened commit together.
            last: async (tx, saved) => {
              const changes = { schedule: { to: checked.schedule }, conflicts: saved.conflicts.length };
              await audit.within(tx, request, 'doctor.schedule', { type: 'doctor', id: docId, doctorId: docId }, changes);
              await auditOffers(ctx, tx, request, saved.offers);
            },
          });
      if (!result) throw new HttpError(404, MESSAGES.doctorNotFound);
      return {
        success: true as const,
        message: dryRun ? MESSAGES.scheduleChecked : MESSAGES.scheduleSaved,
        doctor: toDoctor(config.publicUrl, result.row, {}),
        conflicts: result.conflicts.map((row) => toAdminAppointment(config.publicUrl, row)),
      };
    },
  );

  api.get(
    `${base}/appointments`,
    { ...guarded, schema: { querystring: adminAppointmentsQuerySchema, response: withErrors({ 200: adminAppointmentsReplySchema }) } },
    async (request) => {
      const rows = await listAllAppointments(db, appointmentFilter(request.query));
      return { success: true as const, appointments: rows.map((row) => toAdminAppointment(config.publicUrl, row)) };
    },
  );

  const appointmentChange = { ...guarded, schema: { body: appointmentIdRequestSchema, response: withErrors({ 200: messageReplySchema }) } };
  /** Paid / completed: 404 unknown, 409 when the appointment was cancelled. Repeating is harmless. */
  const mark =
    (action: string, field: 'payment' | 'is_completed', change: (tx: Queryable, id: string) => Promise<boolean>, message: string) =>
    async (request: FastifyRequest & { body: { appointmentId: string } }) => {
      const { appointmentId } = request.body;
      // The change and its audit entry in one transaction: both or neither.
      const changed = await db.transaction(async (tx) => {
        const before = await findAppointmentParties(tx, appointmentId);
        if (!(await change(tx, appointmentId))) return false;
        await audit.within(tx, request, action, appointmentTarget(appointmentId, before), { [field]: { from: before?.[field] ?? null, to: true } });
        return true;
      });
      if (changed) return { success: true as const, message };
      const state = await findAppointmentState(db, appointmentId);
      if (!state) throw new HttpError(404, MESSAGES.appointmentNotFound);
      throw new HttpError(409, MESSAGES.alreadyCancelled);
    };
  api.post(`${base}/appointment-paid`, appointmentChange, mark('appointment.paid', 'payment', markPaid, MESSAGES.appointmentPaid));
  api.post(
    `${base}/appointment-complete`,
    appointmentChange,
    mark('appointment.complete', 'is_completed', markCompleted, MESSAGES.appointmentCompleted),
  );

  api.post(`${base}/appointment-cancel`, appointmentChange, async (request) => {
    const { appointmentId } = request.body;
    const cancelled = await ctx.appointmentWrites.cancel(appointmentId, undefined, {
      last: async (tx, offers) => {
        const parties = await findAppointmentParties(tx, appointmentId);
        await audit.within(tx, request, 'appointment.cancel', appointmentTarget(appointmentId, parties), { cancelled: { from: false, to: true }, by: 'clinic' });
        await auditOffers(ctx, tx, request, offers);
      },
    });
    if (cancelled) {
      return { success: true as const, message: MESSAGES.appointmentCancelled };
    }
    throw cancelRefusal(await findAppointmentState(db, appointmentId));
  });

  /**
   * Staff decide a visit a schedule change left outside the doctor's times stays at its time: its
   * reminder goes out as usual. 404 unknown, 409 not waiting for a decision.
   */
  api.post(`${base}/appointment-keep`, appointmentChange, async (request) => {
    const { appointmentId } = request.body;
    const kept = await db.transaction(async (tx) => {
      if (!(await keepStrandedVisit(tx, appointmentId, 'kept-by-staff'))) return false;
      const parties = await findAppointmentParties(tx, appointmentId);
      await audit.within(tx, request, 'appointment.keep', appointmentTarget(appointmentId, parties), { kept: 'kept-by-staff' });
      return true;
    });
    if (kept) return { success: true as const, message: MESSAGES.appointmentKept };
    if (!(await findAppointmentState(db, appointmentId))) throw new HttpError(404, MESSAGES.appointmentNotFound);
    throw new HttpError(409, MESSAGES.appointmentNotHeld);
  });
}
