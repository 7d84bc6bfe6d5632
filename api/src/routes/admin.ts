import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  DOCTOR_LIMITS,
  isSpecialization,
  MESSAGES,
  normalizeEmail,
  validateAddressLine,
  validateEmail,
  validateLogin,
  validateName,
  validateText,
} from '@carebook/shared';
import type { AppContext } from '../context';
import { pgErrorCode, UNIQUE_VIOLATION } from '../db/db';
import { parseAddress, readForm, type FormInput } from '../lib/form';
import { checkId, HttpError, stringField } from '../lib/http-error';
import { sniffImage } from '../lib/images';
import { toAdminAppointment, toDoctor } from '../lib/serialize';
import {
  cancelAppointment,
  findAppointmentState,
  listAllAppointments,
  markCompleted,
  markPaid,
} from '../repositories/appointments-repository';
import {
  type DoctorFields,
  type DoctorRow,
  findDoctor,
  findDoctorEmail,
  insertDoctor,
  listDoctors,
  toggleAvailability,
  updateDoctor,
} from '../repositories/doctors-repository';
import { appointmentFilter } from './admin-filter';
import { cancelRefusal } from './appointments';
import { firstError, tooMany } from './users';

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
  const { db, config, signer, guards } = ctx;
  const admin = config.admin;
  if (!admin) return;
  const base = '/api/v1/admin';
  const guarded = { preHandler: guards.requireAdmin };
  const authLimit = { rateLimit: { max: config.rateLimitAuthMax, timeWindow: '1 minute', errorResponseBuilder: tooMany } };

  app.post(`${base}/login`, { config: authLimit }, async (request) => {
    const input = { email: stringField(request.body, 'email'), password: stringField(request.body, 'password') };
    const problem = firstError(validateLogin(input));
    if (problem) throw new HttpError(400, problem);
    const emailOk = sameSecret(normalizeEmail(input.email), admin.email);
    const passwordOk = sameSecret(input.password, admin.password);
    if (!emailOk || !passwordOk) throw new HttpError(401, MESSAGES.wrongCredentials);
    return { success: true, token: await signer.sign(admin.email, 'admin'), message: MESSAGES.loggedIn };
  });

  const allDoctors = async (): Promise<unknown> => {
    const rows = await listDoctors(db);
    return { success: true, doctors: rows.map((row) => toDoctor(config.publicUrl, row, {})) };
  };
  app.get(`${base}/all-doctors`, guarded, allDoctors);
  app.post(`${base}/all-doctors`, guarded, allDoctors);

  const saveImage = async (form: FormInput): Promise<string | null> => {
    if (!form.image) return null;
    const kind = sniffImage(form.image);
    if (!kind) throw new HttpError(415, MESSAGES.invalidImage);
    return ctx.uploads.save(form.image, kind);
  };

  const writeDoctor = async (write: () => Promise<DoctorRow | null>, image: string | null): Promise<DoctorRow | null> => {
    try {
      return await write();
    } catch (error) {
      if (image) await ctx.uploads.remove(image);
      if (pgErrorCode(error) === UNIQUE_VIOLATION) throw new HttpError(409, MESSAGES.emailTaken);
      throw error;
    }
  };

  app.post(`${base}/add-doctor`, guarded, async (request, reply) => {
    const form = await readForm(request);
    const fields = doctorFields(form, null);
    const image = await saveImage(form);
    const row = await writeDoctor(() => insertDoctor(db, randomUUID(), { ...fields, image: image ?? '' }), image);
    ctx.doctorsChanged();
    return reply
      .status(201)
      .send({ success: true, message: MESSAGES.doctorAdded, doctor: toDoctor(config.publicUrl, row as DoctorRow, {}) });
  });

  app.post(`${base}/update-doctor`, guarded, async (request) => {
    const form = await readForm(request);
    const docId = (form.fields.get('docId') ?? '').trim();
    const current = docId ? await findDoctor(db, checkId(docId, MESSAGES.invalidDoctorId)) : null;
    if (!current) throw new HttpError(404, MESSAGES.doctorNotFound);
    const fields = doctorFields(form, fieldsOf(current, await findDoctorEmail(db, docId)));
    const image = await saveImage(form);
    const row = await writeDoctor(() => updateDoctor(db, docId, { ...fields, image: image ?? current.image }), image);
    if (!row) throw new HttpError(404, MESSAGES.doctorNotFound);
    if (image) await ctx.uploads.remove(current.image);
    ctx.doctorsChanged();
    return { success: true, message: MESSAGES.doctorUpdated, doctor: toDoctor(config.publicUrl, row, {}) };
  });

  app.post(`${base}/change-availability`, guarded, async (request) => {
    const available = await toggleAvailability(db, checkId(stringField(request.body, 'docId'), MESSAGES.invalidDoctorId));
    if (available === null) throw new HttpError(404, MESSAGES.doctorNotFound);
    ctx.doctorsChanged();
    return { success: true, message: MESSAGES.availabilityChanged, available };
  });

  app.get(`${base}/appointments`, guarded, async (request) => {
    const rows = await listAllAppointments(db, appointmentFilter(request.query));
    return { success: true, appointments: rows.map((row) => toAdminAppointment(config.publicUrl, row)) };
  });

  /** Paid / completed: 404 unknown, 409 when the appointment was cancelled. Repeating is harmless. */
  const mark = (change: (id: string) => Promise<boolean>, message: string) => async (request: { body: unknown }) => {
    const appointmentId = checkId(stringField(request.body, 'appointmentId'), MESSAGES.invalidAppointmentId);
    if (await change(appointmentId)) return { success: true, message };
    const state = await findAppointmentState(db, appointmentId);
    if (!state) throw new HttpError(404, MESSAGES.appointmentNotFound);
    throw new HttpError(409, MESSAGES.alreadyCancelled);
  };
  app.post(`${base}/appointment-paid`, guarded, mark((id) => markPaid(db, id), MESSAGES.appointmentPaid));
  app.post(`${base}/appointment-complete`, guarded, mark((id) => markCompleted(db, id), MESSAGES.appointmentCompleted));

  app.post(`${base}/appointment-cancel`, guarded, async (request) => {
    const appointmentId = checkId(stringField(request.body, 'appointmentId'), MESSAGES.invalidAppointmentId);
    if (await cancelAppointment(db, appointmentId)) {
      ctx.doctorsChanged();
      return { success: true, message: MESSAGES.appointmentCancelled };
    }
    throw cancelRefusal(await findAppointmentState(db, appointmentId));
  });
}
