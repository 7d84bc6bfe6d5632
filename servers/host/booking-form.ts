// Booking from the doctor's page without the app (docs/architecture.md, "Booking before the app"):
// the page's HTML form posts here; this server books through the API with the patient's token from
// an HttpOnly cookie and sends the browser back to the doctor's page with the outcome. The API stays
// the authority: it checks the slot, the limits and the session, and writes the audit entry.
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  ApiError,
  BOOKING_FORM_FIELDS,
  bookAppointment,
  bookedPath,
  bookingErrorPath,
  bookingFormErrorOf,
  bookingFormKey,
  createApiClient,
  doctorSlotPath,
  getAppointments,
  loginPath,
  sessionExpiredPath,
  SESSION_COOKIE,
  SESSION_COOKIE_PATH,
  type ApiClient,
} from '@carebook/shared';

export interface BookingFormOptions {
  /** Where this server reaches the API. */
  apiUrl: string;
  /** An https deployment: the cookie is `Secure`. */
  https: boolean;
}

const DOC_ID = /^[\w-]{1,64}$/;
const SLOT_DATE = /^\d{1,2}_\d{1,2}_\d{4}$/;
const SLOT_TIME = /^\d{2}:\d{2}$/;
const PAGE_KEY = /^\d{1,16}$/;
/** A JWT: three base64url parts. */
const TOKEN = /^[\w-]+\.[\w-]+\.[\w-]+$/;
const MAX_TOKEN_LENGTH = 4096;
/** A session cookie without a readable expiry lasts this long (the API refuses an ended session anyway). */
const DEFAULT_COOKIE_SECONDS = 7 * 24 * 3600;
/** A booking replayed for an appointment cancelled since is booked again, at most this often. */
const MAX_REBOOKS = 3;

/**
 * The request comes from this site's own pages. SameSite=Strict keeps the cookie off requests
 * from other sites, but the remotes' origins (other ports, other subdomains) are the same *site*:
 * the browser's `Sec-Fetch-Site` and `Origin` must name this very origin.
 */
export function fromOwnPage(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return site === 'same-origin';
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/** Seconds until the token's own expiry (`exp`), read without checking it (the API checks it). */
function secondsLeft(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    if (typeof payload.exp === 'number') return Math.max(0, Math.floor(payload.exp - Date.now() / 1000));
  } catch {
    // Not readable: the default below.
  }
  return DEFAULT_COOKIE_SECONDS;
}

function one(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Registers on the host's app: `PUT`/`DELETE /session-cookie` (the app hands over its token and
 * takes it back), `POST /appointment/:docId` (the page's form) and returns the check a
 * confirmation page (`?booked=`) passes before it is shown.
 */
export async function registerBookingForm(
  app: FastifyInstance,
  options: BookingFormOptions,
): Promise<(request: FastifyRequest) => Promise<string | null>> {
  // The form's few fields: a small body is plenty.
  await app.register(fastifyFormbody, { bodyLimit: 2048 });
  const apiUrl = options.apiUrl.replace(/\/$/, '');

  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict', secure: options.https } as const;
  const clearSession = (reply: FastifyReply): FastifyReply => reply.clearCookie(SESSION_COOKIE, cookieOptions);
  /** The API as the patient, from the patient's own address (its per-address limits and audit). */
  const apiFor = (request: FastifyRequest, token: string): ApiClient =>
    createApiClient({
      baseUrl: apiUrl,
      getToken: () => token,
      retryDelay: () => 100,
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'X-Forwarded-For': request.ip } }),
    });
  const tokenOf = (request: FastifyRequest): string | null => {
    const token = request.cookies[SESSION_COOKIE];
    return token && token.length <= MAX_TOKEN_LENGTH && TOKEN.test(token) ? token : null;
  };

  app.put(SESSION_COOKIE_PATH, async (request, reply) => {
    const token = /^Bearer (.+)$/.exec(one(request.headers.authorization))?.[1] ?? '';
    if (!fromOwnPage(request)) return reply.code(403).send({ success: false, message: 'Not from this site' });
    if (token.length > MAX_TOKEN_LENGTH || !TOKEN.test(token)) return reply.code(400).send({ success: false, message: 'A token is required' });
    return reply
      .setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: secondsLeft(token) })
      .header('Cache-Control', 'no-store')
      .code(204)
      .send();
  });
  app.delete(SESSION_COOKIE_PATH, async (request, reply) => {
    if (!fromOwnPage(request)) return reply.code(403).send({ success: false, message: 'Not from this site' });
    return clearSession(reply).header('Cache-Control', 'no-store').code(204).send();
  });

  app.post('/appointment/:docId', async (request, reply) => {
    const docId = one((request.params as Record<string, unknown>).docId);
    const form = (request.body ?? {}) as Record<string, unknown>;
    const slotDate = one(form[BOOKING_FORM_FIELDS.slotDate]);
    const slotTime = one(form[BOOKING_FORM_FIELDS.slotTime]);
    const pageKey = one(form[BOOKING_FORM_FIELDS.pageKey]);
    if (!fromOwnPage(request)) return reply.code(403).type('text/plain; charset=utf-8').send('This form can only be sent from our own page.');
    if (!DOC_ID.test(docId) || !SLOT_DATE.test(slotDate)) return reply.code(400).type('text/plain; charset=utf-8').send('This booking form is incomplete.');
    const back = (location: string): FastifyReply => reply.header('Cache-Control', 'no-store').redirect(location, 303);
    if (!SLOT_TIME.test(slotTime)) return back(bookingErrorPath(docId, slotDate, { code: 'no-time', max: null }));
    const slot = { slotDate, slotTime };
    const token = tokenOf(request);
    if (!token) return back(loginPath(doctorSlotPath(docId, slot)));

    const api = apiFor(request, token);
    // The same key as the app's for this page and slot: a tap here and one in the app are one booking.
    let key = bookingFormKey(PAGE_KEY.test(pageKey) ? pageKey : String(Date.now()), docId, slot);
    try {
      for (let attempt = 0; ; attempt += 1) {
        const { appointmentId } = await bookAppointment(api, { docId, ...slot }, key);
        // A key answers with its first reply for a day: when that appointment was cancelled since
        // (booked, cancelled, booked again from the same page), this is a new booking.
        const mine = (await getAppointments(api)).find((appointment) => appointment._id === appointmentId);
        if (!mine?.cancelled || attempt >= MAX_REBOOKS) return back(bookedPath(docId, slot, appointmentId));
        key = `${key}~${appointmentId}`;
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        clearSession(reply);
        return back(sessionExpiredPath(doctorSlotPath(docId, slot)));
      }
      const status = error instanceof ApiError ? error.status : 0;
      const message = error instanceof Error ? error.message : '';
      return back(bookingErrorPath(docId, slotDate, bookingFormErrorOf(status, message)));
    }
  });

  // A confirmation is shown only to the patient who holds that appointment, at that time, not cancelled.
  return async (request) => {
    const query = request.query as Record<string, unknown>;
    const appointmentId = one(query.booked);
    if (!appointmentId) return null;
    const docId = one((request.params as Record<string, unknown>).docId);
    const slot = { slotDate: one(query.date), slotTime: one(query.time) };
    const withoutIt = doctorSlotPath(docId, slot);
    const token = tokenOf(request);
    if (!token) return withoutIt;
    try {
      const held = (await getAppointments(apiFor(request, token))).some(
        (appointment) =>
          appointment._id === appointmentId &&
          appointment.docId === docId &&
          appointment.slotDate === slot.slotDate &&
          appointment.slotTime === slot.slotTime &&
          !appointment.cancelled,
      );
      return held ? null : withoutIt;
    } catch {
      return withoutIt;
    }
  };
}
