/** @jest-environment node */
import { MESSAGES } from '../domain/messages';
import { ApiError } from './api-error';
import { createActionKeys } from './action-keys';
import { bookAppointment, cancelAppointment } from './appointments';
import { createApiClient, GET_RETRIES } from './client';

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(responses: Array<Response | Error>, token: string | null = 'tok') {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchMock = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const onUnauthorized = jest.fn();
  const onFailure = jest.fn();
  const client = createApiClient({
    baseUrl: 'http://api.test/',
    getToken: () => token,
    onUnauthorized,
    onFailure,
    fetch: fetchMock as unknown as typeof fetch,
    retryDelay: () => 0,
  });
  return { client, calls, onUnauthorized, onFailure };
}

describe('createApiClient', () => {
  it('tells of each failed call once, after its retries, with its status (0: no answer)', async () => {
    const { client, onFailure } = setup([
      reply(503, {}),
      reply(503, {}),
      reply(503, {}),
      reply(503, { message: 'down' }),
      reply(404, { success: false, message: 'No such doctor' }),
      new TypeError('Failed to fetch'),
      reply(200, { success: true }),
    ]);
    await expect(client.get('/a')).rejects.toBeInstanceOf(ApiError);
    expect(onFailure.mock.calls).toEqual([[503]]);
    await expect(client.post('/b', {})).rejects.toBeInstanceOf(ApiError);
    await expect(client.post('/c', {})).rejects.toBeInstanceOf(ApiError);
    await client.post('/d', {});
    expect(onFailure.mock.calls).toEqual([[503], [404], [0]]);
  });

  it("sends a post's Idempotency-Key, and none when there is no key", async () => {
    const { client, calls } = setup([reply(201, { success: true }), reply(200, { success: true })]);
    await bookAppointment(client, { docId: 'doc01', slotDate: '25_11_2026', slotTime: '14:00' }, 'action-key-1');
    await cancelAppointment(client, 'a1');
    expect((calls[0]?.init?.headers as Record<string, string>)['Idempotency-Key']).toBe('action-key-1');
    expect(calls[1]?.init?.headers).not.toHaveProperty('Idempotency-Key');
  });

  it('keeps one key per user action until it succeeds', () => {
    const keys = createActionKeys();
    const first = keys.keyFor('book doc01 25_11_2026 14:00');
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(keys.keyFor('book doc01 25_11_2026 14:00')).toBe(first);
    expect(keys.keyFor('book doc01 25_11_2026 14:30')).not.toBe(first);
    keys.done('book doc01 25_11_2026 14:00');
    expect(keys.keyFor('book doc01 25_11_2026 14:00')).not.toBe(first);
  });

  it('sends the token as a Bearer header and returns the reply', async () => {
    const { client, calls } = setup([reply(200, { success: true, doctors: [] })]);
    await expect(client.get('/api/v1/doctor/all-doctors')).resolves.toEqual({ success: true, doctors: [] });
    expect(calls[0]?.url).toBe('http://api.test/api/v1/doctor/all-doctors');
    expect((calls[0]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('sends no Authorization header for a visitor', async () => {
    const { client, calls } = setup([reply(200, { success: true })], null);
    await client.get('/x');
    expect((calls[0]?.init?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('retries a GET after a network error and after 502, 503 and 504', async () => {
    const { client, calls } = setup([
      new TypeError('fetch failed'),
      reply(502, {}),
      reply(503, {}),
      reply(200, { success: true, n: 1 }),
    ]);
    await expect(client.get('/x')).resolves.toEqual({ success: true, n: 1 });
    expect(calls).toHaveLength(4);
  });

  it('gives up after the last GET retry with the network message', async () => {
    const errors = Array.from({ length: GET_RETRIES + 1 }, () => new TypeError('fetch failed'));
    const { client, calls } = setup(errors);
    await expect(client.get('/x')).rejects.toEqual(new ApiError(MESSAGES.networkError, 0));
    expect(calls).toHaveLength(GET_RETRIES + 1);
  });

  it('does not retry a GET on 500 or 404', async () => {
    const { client, calls } = setup([reply(500, { success: false, message: 'Something went wrong' })]);
    await expect(client.get('/x')).rejects.toMatchObject({ status: 500, message: 'Something went wrong' });
    expect(calls).toHaveLength(1);
  });

  it('retries a keyed POST after a network error and a 503 with the same key and body, never on 409', async () => {
    const { client, calls } = setup([new TypeError('Failed to fetch'), reply(503, { success: false }), reply(201, { success: true, appointmentId: 'a1' })]);
    await expect(client.post('/book', { a: 1 }, { idempotencyKey: 'k1' })).resolves.toEqual({ success: true, appointmentId: 'a1' });
    expect(calls).toHaveLength(3);
    for (const call of calls) {
      expect((call.init?.headers as Record<string, string>)['Idempotency-Key']).toBe('k1');
      expect(call.init?.body).toBe('{"a":1}');
    }

    const refused = setup([reply(409, { success: false, message: 'Taken' }), reply(201, { success: true })]);
    await expect(refused.client.post('/book', { a: 1 }, { idempotencyKey: 'k2' })).rejects.toMatchObject({ status: 409, message: 'Taken' });
    expect(refused.calls).toHaveLength(1);
  });

  it('never retries a POST without a key, even on 503', async () => {
    const { client, calls } = setup([reply(503, { success: false, message: 'Busy' }), reply(200, { success: true })]);
    await expect(client.post('/book', { a: 1 })).rejects.toMatchObject({ status: 503, message: 'Busy' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.init?.body).toBe('{"a":1}');
  });

  it("carries the server's message on a 4xx and on success: false", async () => {
    const { client } = setup([
      reply(409, { success: false, message: 'Slot taken' }),
      reply(200, { success: false, message: 'Doctor not available' }),
    ]);
    await expect(client.post('/book', {})).rejects.toEqual(new ApiError('Slot taken', 409));
    await expect(client.post('/book', {})).rejects.toEqual(new ApiError('Doctor not available', 200));
  });

  it('falls back to a generic message when the reply is not JSON', async () => {
    const { client } = setup([new Response('<html>bad gateway</html>', { status: 400 })]);
    await expect(client.post('/x', {})).rejects.toEqual(new ApiError(MESSAGES.unexpectedError, 400));
  });

  it('reports a 401 once so the session can be cleared', async () => {
    const { client, onUnauthorized } = setup([reply(401, { success: false, message: 'Please log in again' })]);
    await expect(client.get('/api/v1/user/get-profile')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends FormData as multipart, without forcing a JSON content type', async () => {
    const { client, calls } = setup([reply(200, { success: true })]);
    const form = new FormData();
    form.append('name', 'Ana');
    await client.post('/update', form);
    expect(calls[0]?.init?.body).toBe(form);
    expect((calls[0]?.init?.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });
});

describe('createApiClient getText', () => {
  it('returns the body of a non-JSON success as text, with the token', async () => {
    const { client, calls } = setup([
      new Response('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', { status: 200, headers: { 'Content-Type': 'text/calendar' } }),
    ]);
    await expect(client.getText('/api/v1/user/appointments/a1/calendar')).resolves.toBe('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
    expect((calls[0]?.init?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    expect((calls[0]?.init?.headers as Record<string, string>).Accept).toMatch(/^text\/calendar/);
  });

  it("turns a JSON refusal into an ApiError with the server's message", async () => {
    const { client } = setup([reply(404, { success: false, message: 'Appointment not found' })]);
    await expect(client.getText('/x')).rejects.toEqual(new ApiError('Appointment not found', 404));
  });
});
