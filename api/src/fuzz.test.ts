import { post } from '../../testing/api/http';
import { registerPatient } from '../../testing/api/patients';
import { ADMIN, createTestEnv, DRIVERS, stopTestCluster, type TestEnv } from '../../testing/api/test-app';

jest.setTimeout(120_000);

/** mulberry32: a tiny seeded generator, so a failure replays exactly. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SEED = 20261122;
const REQUESTS_PER_DRIVER = 300;
const FIELDS = ['name', 'email', 'password', 'docId', 'slotDate', 'slotTime', 'appointmentId', 'phone', 'gender', 'dob',
  'address', 'speciality', 'specialization', 'fees', 'fee', 'degree', 'experience', 'about', 'location', 'available', 'image'];
const ROUTES = ['/api/v1/user/register', '/api/v1/user/login', '/api/v1/user/book-appointment', '/api/v1/user/cancel-appointment',
  '/api/v1/user/update-profile', '/api/v1/admin/login', '/api/v1/admin/add-doctor', '/api/v1/admin/update-doctor',
  '/api/v1/admin/change-availability', '/api/v1/admin/appointment-paid', '/api/v1/admin/appointment-complete',
  '/api/v1/admin/appointment-cancel', '/api/v1/admin/all-doctors'];
// Characters that broke things before or tend to: NUL, controls, lone surrogates, bidi, zero-width, emoji, quotes.
const NASTY = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\ud800', '\udfff', '\u202e', '\u200b', '\ufeff', '😀', '"', "'", '\\', '%', '{', '\n'];
const PLAUSIBLE = ['doc01', '25_11_2026', '11:00', 'a@b.co', 'secret1', 'Ana Lee', '{"line1":"x","line2":"y"}', 'Neurologist', '50', 'true', '1990-01-01'];

function randomValue(r: () => number, depth = 0): unknown {
  const kind = Math.floor(r() * 10);
  const text = (max: number): string => {
    let s = '';
    const n = Math.floor(r() * max);
    for (let i = 0; i < n; i += 1) {
      const c = r();
      s += c < 0.25 ? (NASTY[Math.floor(r() * NASTY.length)] as string) : c < 0.5 ? String.fromCharCode(Math.floor(r() * 0x3000)) : String.fromCharCode(32 + Math.floor(r() * 95));
    }
    return s;
  };
  switch (kind) {
    case 0: return PLAUSIBLE[Math.floor(r() * PLAUSIBLE.length)];
    case 1: return `${PLAUSIBLE[Math.floor(r() * PLAUSIBLE.length)]}${NASTY[Math.floor(r() * NASTY.length)]}`;
    case 2: return text(20);
    case 3: return text(r() < 0.1 ? 80_000 : 400);
    case 4: return r() < 0.5 ? Math.floor(r() * 2 ** 53) * (r() < 0.5 ? -1 : 1) : r() * 1e308;
    case 5: return r() < 0.5;
    case 6: return null;
    case 7: return depth > 2 ? [] : Array.from({ length: Math.floor(r() * 4) }, () => randomValue(r, depth + 1));
    case 8: return depth > 2 ? {} : randomBody(r, depth + 1);
    default: return '';
  }
}

function randomBody(r: () => number, depth = 0): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const n = Math.floor(r() * 6);
  for (let i = 0; i < n; i += 1) body[r() < 0.85 ? (FIELDS[Math.floor(r() * FIELDS.length)] as string) : String(randomValue(r, 3))] = randomValue(r, depth);
  return body;
}

describe.each(DRIVERS)('fuzzing the JSON endpoints on %s', (driver) => {
  let env: TestEnv;
  afterAll(async () => {
    await env?.close();
  });

  it(`answers ${REQUESTS_PER_DRIVER} random requests (seed ${SEED}) without a single 5xx`, async () => {
    env = await createTestEnv(driver);
    const patient = (await registerPatient(env.app)).token;
    const admin = (await post<{ token: string }>(env.app, '/api/v1/admin/login', ADMIN)).body.token;
    const r = rng(SEED);
    const failures: string[] = [];
    for (let i = 0; i < REQUESTS_PER_DRIVER; i += 1) {
      const url = ROUTES[Math.floor(r() * ROUTES.length)] as string;
      const token = url.includes('/admin/') ? admin : patient;
      const shape = r();
      // Mostly objects; sometimes a bare value, or bytes that are not JSON at all.
      const payload = shape < 0.8 ? JSON.stringify(randomBody(r)) : shape < 0.9 ? JSON.stringify(randomValue(r)) : `{"${String(randomValue(r))}`;
      const res = await env.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', ...(r() < 0.9 ? { authorization: `Bearer ${token}` } : {}) },
        payload,
      });
      if (res.statusCode >= 500) failures.push(`#${i} ${url} ${payload.slice(0, 200)} -> ${res.statusCode} ${res.body}`);
      else if (res.statusCode >= 400) expect(res.json()).toMatchObject({ success: false, message: expect.any(String) });
    }
    expect(failures).toEqual([]);
  });
});

afterAll(() => stopTestCluster());
