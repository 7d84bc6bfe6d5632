import { MESSAGES } from '@carebook/shared';
import { parseEvent } from '../../../testing/api/calendar-event';
import { get, post } from '../../../testing/api/http';
import { adminCall, bookSlot, registerPatient } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(60_000);

// The clock: Tuesday 24 Nov 2026, 10:10 in Europe/Berlin (UTC+1), the test clinic's zone.
const TODAY = '24_11_2026';
const calendarPath = (id: string): string => `/api/v1/user/appointments/${id}/calendar`;

describe.each(DRIVERS)('calendar file on %s', (driver) => {
  const env = useTestEnv(driver);

  async function download(token: string, id: string) {
    return env.app.inject({ method: 'GET', url: calendarPath(id), headers: { authorization: `Bearer ${token}` } });
  }

  it('is text/calendar with CRLF lines, one event, a stable UID and the UTC instant of the clinic time', async () => {
    const token = await registerPatient(env);
    const id = await bookSlot(env, token, 'doc01', TODAY, '14:30');
    const res = await download(token, id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="carebook-appointment-${TODAY}.ics"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = res.body;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(text.endsWith('\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // every line ends in CRLF, no bare LF
    expect(text).toContain('\r\nVERSION:2.0\r\n');
    // 14:30 in Berlin in November is 13:30 UTC.
    expect(text).toContain('\r\nDTSTART:20261124T133000Z\r\n');
    expect(text).toContain('\r\nDTEND:20261124T140000Z\r\n');

    const event = parseEvent(text);
    expect(event).toMatchObject({
      uid: `${id}@carebook`,
      summary: 'Appointment with Dr. Amara Lindqvist',
      location: '14 Alder Street, Riverside, Springfield',
      start: '2026-11-24T13:30:00.000Z',
      end: '2026-11-24T14:00:00.000Z',
      sequence: 0,
      status: 'CONFIRMED',
    });
    // Downloading again gives the same event identity.
    expect(parseEvent((await download(token, id)).body).uid).toBe(`${id}@carebook`);
  });

  it('escapes commas and semicolons in the text (RFC 5545 section 3.3.11)', async () => {
    const address = { line1: 'Suite 4; Floor 2', line2: 'North Wing, Springfield' };
    const update = await adminCall(env, '/api/v1/admin/update-doctor', { docId: 'doc02', address: JSON.stringify(address) });
    expect(update.status).toBe(200);
    const token = await registerPatient(env);
    const id = await bookSlot(env, token, 'doc02', TODAY, '15:00');
    const text = (await download(token, id)).body;
    expect(text).toContain('LOCATION:Suite 4\\; Floor 2\\, North Wing\\, Springfield\r\n');
    expect(parseEvent(text).location).toBe('Suite 4; Floor 2, North Wing, Springfield');
  });

  it('gives the right instants on both sides of a DST change (Berlin, 28 March 2027)', async () => {
    const before = env.clock.time;
    env.clock.time = new Date('2027-03-26T09:00:00Z'); // Friday 10:00 in Berlin
    try {
      const token = await registerPatient(env);
      const winter = await bookSlot(env, token, 'doc03', '27_3_2027', '10:00'); // CET, UTC+1
      const summer = await bookSlot(env, token, 'doc03', '28_3_2027', '10:00'); // CEST from 02:00 that night
      expect(parseEvent((await download(token, winter)).body).start).toBe('2027-03-27T09:00:00.000Z');
      const summerEvent = parseEvent((await download(token, summer)).body);
      expect(summerEvent.start).toBe('2027-03-28T08:00:00.000Z');
      expect(summerEvent.end).toBe('2027-03-28T08:30:00.000Z');
    } finally {
      env.clock.time = before;
    }
  });

  it('follows the clinic zone of the API (New York: the evening slot is the next UTC day)', async () => {
    const newYork = await env.buildOther({ CLINIC_TIME_ZONE: 'America/New_York' });
    const token = await registerPatient(env);
    const booked = await post<{ appointmentId: string }>(
      newYork,
      '/api/v1/user/book-appointment',
      { docId: 'doc04', slotDate: TODAY, slotTime: '20:30' },
      token,
    );
    expect(booked.status).toBe(201);
    const res = await newYork.inject({ method: 'GET', url: calendarPath(booked.body.appointmentId), headers: { authorization: `Bearer ${token}` } });
    expect(parseEvent(res.body)).toMatchObject({ start: '2026-11-25T01:30:00.000Z', end: '2026-11-25T02:00:00.000Z' });
  });

  it('keeps the UID and raises SEQUENCE when the appointment moves or is cancelled', async () => {
    const token = await registerPatient(env);
    const id = await bookSlot(env, token, 'doc05', TODAY, '16:00');
    const moved = await post(env.app, '/api/v1/user/reschedule-appointment', { appointmentId: id, slotDate: TODAY, slotTime: '17:00' }, token);
    expect(moved.status).toBe(200);
    expect(parseEvent((await download(token, id)).body)).toMatchObject({
      uid: `${id}@carebook`,
      start: '2026-11-24T16:00:00.000Z',
      sequence: 1,
      status: 'CONFIRMED',
    });
    expect((await post(env.app, '/api/v1/user/cancel-appointment', { appointmentId: id }, token)).status).toBe(200);
    expect(parseEvent((await download(token, id)).body)).toMatchObject({ uid: `${id}@carebook`, sequence: 2, status: 'CANCELLED' });
  });

  it("answers 404 for another patient's appointment or an unknown one, and 401 without a token", async () => {
    const [owner, stranger] = [await registerPatient(env), await registerPatient(env)];
    const id = await bookSlot(env, owner, 'doc06', TODAY, '18:00');
    const res = await get(env.app, calendarPath(id), stranger);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, message: MESSAGES.appointmentNotFound, code: 'appointmentNotFound' });
    expect((await get(env.app, calendarPath('nope'), owner)).status).toBe(404);
    expect((await get(env.app, calendarPath('x'.repeat(65)), owner)).status).toBe(400);
    expect((await get(env.app, calendarPath(id))).status).toBe(401);
  });
});

afterAll(() => stopTestCluster());
