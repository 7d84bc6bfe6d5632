import { MESSAGES } from '@carebook/shared';
import { get, multipart, PNG_BYTES, post, postForm, refusal } from '../../testing/api/http';
import { useSignedIn } from '../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, useTestEnv } from '../../testing/api/test-app';

jest.setTimeout(60_000);

const NUL = '\u0000';

describe.each(DRIVERS)('hostile input on %s', (driver) => {
  const env = useTestEnv(driver);
  const tokens = useSignedIn(env);

  const good = { name: 'Ana Lee', email: 'ana.nul@example.com', password: 'secret1' };

  it.each([
    ['register name', '/api/v1/user/register', { ...good, name: `Ana${NUL}Lee` }, MESSAGES.invalidName],
    ['register email', '/api/v1/user/register', { ...good, email: `ana${NUL}@example.com` }, MESSAGES.invalidEmail],
    ['register password', '/api/v1/user/register', { ...good, password: `secret${NUL}1` }, MESSAGES.invalidCharacters],
    ['login email', '/api/v1/user/login', { email: `a${NUL}@b.co`, password: 'secret1' }, MESSAGES.invalidEmail],
    ['login password', '/api/v1/user/login', { email: 'a@b.co', password: `secret${NUL}1` }, MESSAGES.invalidCharacters],
    ['admin login email', '/api/v1/admin/login', { email: `x${NUL}@b.co`, password: 'whatever1' }, MESSAGES.invalidEmail],
  ])('refuses NUL in the %s with 400 and its message (no login needed)', async (_label, url, body, message) => {
    const res = await post(env.app, url, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(message));
  });

  it.each([
    ['name', { name: `Ana${NUL}` }, MESSAGES.invalidName],
    ['phone', { phone: `555${NUL}1234` }, MESSAGES.invalidPhone],
    ['gender', { gender: `Male${NUL}` }, MESSAGES.invalidGender],
    ['dob', { dob: `1990-01-01${NUL}` }, MESSAGES.invalidDob],
    ['address', { address: JSON.stringify({ line1: `Main${NUL}St`, line2: '' }) }, MESSAGES.invalidCharacters],
    ['address line 2 (controls)', { address: JSON.stringify({ line1: 'Main St', line2: 'Flat\u00072' }) }, MESSAGES.invalidCharacters],
  ])('refuses NUL or controls in the profile %s, as JSON and as a form, changing nothing', async (_label, fields, message) => {
    const before = (await get(env.app, '/api/v1/user/get-profile', tokens.patient)).body;
    const json = await post(env.app, '/api/v1/user/update-profile', fields, tokens.patient);
    expect(json.status).toBe(400);
    expect(json.body).toEqual(refusal(message));
    const form = await postForm(env.app, '/api/v1/user/update-profile', multipart(fields as Record<string, string>), tokens.patient);
    expect(form.status).toBe(400);
    expect(form.body).toEqual(refusal(message));
    expect((await get(env.app, '/api/v1/user/get-profile', tokens.patient)).body).toEqual(before);
  });

  it.each([
    ['name', { name: `Dr.${NUL} Who` }, MESSAGES.invalidName],
    ['email', { email: `who${NUL}@example.com` }, MESSAGES.invalidEmail],
    ['degree', { degree: `MBBS${NUL}` }, MESSAGES.invalidCharacters],
    ['experience', { experience: `4 Years${NUL}` }, MESSAGES.invalidCharacters],
    ['about', { about: `Kind.${NUL}` }, MESSAGES.invalidCharacters],
    ['location', { location: `Berlin\u001b[31m` }, MESSAGES.invalidCharacters],
    ['address', { address: JSON.stringify({ line1: `A${NUL}`, line2: '' }) }, MESSAGES.invalidCharacters],
  ])("refuses NUL or controls in a doctor's %s (admin form)", async (_label, fields, message) => {
    const res = await post(env.app, '/api/v1/admin/add-doctor', { name: 'Dr. Who', speciality: 'Neurologist', fees: 10, ...fields }, tokens.admin);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(message));
  });

  it('keeps line breaks in a doctor\u2019s about text', async () => {
    const res = await post(env.app, '/api/v1/admin/add-doctor', { name: 'Dr. Lines', speciality: 'Neurologist', fees: 10, about: 'One.\nTwo.' }, tokens.admin);
    expect(res.status).toBe(201);
  });

  it.each([
    ['book, docId', '/api/v1/user/book-appointment', { docId: `doc01${NUL}`, slotDate: '25_11_2026', slotTime: '11:00' }, MESSAGES.invalidDoctorId],
    ['book, a 10,000-character docId', '/api/v1/user/book-appointment', { docId: 'd'.repeat(10_000), slotDate: '25_11_2026', slotTime: '11:00' }, MESSAGES.invalidDoctorId],
    ['book, slotDate', '/api/v1/user/book-appointment', { docId: 'doc01', slotDate: `25_11_2026${NUL}`, slotTime: '11:00' }, MESSAGES.slotInvalidDate],
    ['book, slotTime', '/api/v1/user/book-appointment', { docId: 'doc01', slotDate: '25_11_2026', slotTime: `11:00${NUL}` }, MESSAGES.slotInvalidTime],
    ['cancel, appointmentId', '/api/v1/user/cancel-appointment', { appointmentId: `a${NUL}` }, MESSAGES.invalidAppointmentId],
  ])('refuses a bad id or slot field (%s) with 400 and its message', async (_label, url, body, message) => {
    const res = await post(env.app, url, body, tokens.patient);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(message));
  });

  it.each([
    ['change-availability', { docId: `doc01${NUL}` }, MESSAGES.invalidDoctorId],
    ['update-doctor', { docId: `doc01${NUL}`, fees: 5 }, MESSAGES.invalidDoctorId],
    ['appointment-paid', { appointmentId: 'x'.repeat(65) }, MESSAGES.invalidAppointmentId],
    ['appointment-complete', { appointmentId: `a${NUL}` }, MESSAGES.invalidAppointmentId],
    ['appointment-cancel', { appointmentId: `a${NUL}` }, MESSAGES.invalidAppointmentId],
  ])('refuses a malformed id on admin %s', async (route, body, message) => {
    const res = await post(env.app, `/api/v1/admin/${route}`, body, tokens.admin);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(message));
  });

  it.each([
    ['only zero-width characters', '\u200B\u200C\u200D\u2060', MESSAGES.nameInvisibleCharacters],
    ['a zero-width space inside', 'Ana\u200BLee', MESSAGES.nameInvisibleCharacters],
    ['a byte order mark in front', '\uFEFFAna Lee', MESSAGES.nameInvisibleCharacters],
    ['a line separator', 'Ana\u2028Lee', MESSAGES.nameInvisibleCharacters],
    ['half of a broken character', 'Ana \uD83DLee', MESSAGES.nameInvisibleCharacters],
    ['a right-to-left override', 'Ana \u202Eeel', MESSAGES.invalidName],
  ])('refuses a name with %s', async (_label, name, message) => {
    const res = await post(env.app, '/api/v1/user/register', { ...good, email: `n${Math.random()}@example.com`, name });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(refusal(message));
  });

  it.each([
    ['a zero-width space', 'ana\u200B@example.com'],
    ['a byte order mark', '\uFEFFana@example.com'],
    ['a line separator', 'ana@example.com\u2028'],
    ['half of a broken character', 'e\uD800x@example.com'],
  ])('refuses an email address with %s, storing nothing', async (_label, email) => {
    const users = async () => (await env.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users'))[0]?.n;
    const before = await users();
    const res = await post(env.app, '/api/v1/user/register', { ...good, email });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, message: MESSAGES.emailInvisibleCharacters, code: 'emailInvisibleCharacters' });
    expect(await users()).toBe(before);
  });

  describe('malformed multipart bodies get 400, never 500', () => {
    const boundary = '----carebookbroken';
    const truncated = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna Lee\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`),
      PNG_BYTES.subarray(0, 20),
    ]);
    const cases: Array<[string, string, Buffer]> = [
      ['truncated in a file part', `multipart/form-data; boundary=${boundary}`, truncated],
      ['without a boundary parameter', 'multipart/form-data', Buffer.from('name=x')],
      ['cut inside a text field', `multipart/form-data; boundary=${boundary}`, Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna`)],
      ['that is not multipart at all', `multipart/form-data; boundary=${boundary}`, Buffer.from('{"name": "Ana"}')],
    ];
    it.each(cases)('update-profile: %s', async (_label, type, payload) => {
      const res = await env.app.inject({ method: 'POST', url: '/api/v1/user/update-profile', headers: { 'content-type': type, token: tokens.patient }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.badRequest, code: 'badRequest' });
    });
    it.each(cases)('admin add-doctor: %s', async (_label, type, payload) => {
      const res = await env.app.inject({ method: 'POST', url: '/api/v1/admin/add-doctor', headers: { 'content-type': type, authorization: `Bearer ${tokens.admin}` }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.badRequest, code: 'badRequest' });
    });
  });

  it('answers text/plain with 415 and the usual shape', async () => {
    const res = await env.app.inject({ method: 'POST', url: '/api/v1/user/login', headers: { 'content-type': 'text/plain' }, payload: 'email=a@b.co' });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.unsupportedMediaType, code: 'unsupportedMediaType' });
  });

  it.each(['/api/v1/%', '/api/v1/doctor/%E0%A4%A', '/uploads/%zz'])('answers the malformed URL %s with 400 in the usual shape', async (url) => {
    const res = await env.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.badRequest, code: 'badRequest' });
  });
});

afterAll(() => stopTestCluster());
