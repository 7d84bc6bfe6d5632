import type { FastifyInstance } from 'fastify';
import type { AdminReleasesReply, TelemetryBeacon } from '@carebook/shared';
import { adminReleasesReplySchema } from '@carebook/shared/contract';
import { get } from '../../../testing/api/http';
import { startTelemetry } from '../services/telemetry';
import { adminToken } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, type TestEnv, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(120_000);

const RELEASE_A = '20261124T090000Z-aaaaaaaa';
const RELEASES_KEY = 'telemetry-test-key-0123456789abcdef';
const RELEASE_B = '20261124T091000Z-bbbbbbbb';

let pages = 0;
const pageId = (): string => `page-${Date.now().toString(36)}-${(pages += 1)}`;

/** What `navigator.sendBeacon(url, JSON.stringify(beacon))` sends: a text/plain string. */
function sendBeacon(app: FastifyInstance, beacon: unknown, contentType = 'text/plain;charset=UTF-8', remoteAddress = '127.0.0.1') {
  const payload = typeof beacon === 'string' ? beacon : JSON.stringify(beacon);
  return app.inject({ method: 'POST', url: '/api/v1/telemetry', headers: { 'content-type': contentType }, payload, remoteAddress });
}

function viewOf(page: string, release: string, extra: TelemetryBeacon['events'] = []): TelemetryBeacon {
  return { v: 1, page, releases: { doctors: release, account: 'acct-1' }, events: [{ type: 'view', remotes: ['doctors'] }, ...extra] };
}

async function releasesOf(env: TestEnv, token: string, window: 'hour' | 'day' = 'hour'): Promise<AdminReleasesReply> {
  const reply = await get<AdminReleasesReply>(env.app, `/api/v1/admin/releases?window=${window}`, token);
  expect(reply.status).toBe(200);
  return adminReleasesReplySchema.parse(reply.body);
}

const doctorsRelease = (reply: AdminReleasesReply, release: string) => reply.remotes.find((r) => r.remote === 'doctors')?.releases.find((r) => r.release === release);

describe.each(DRIVERS)('telemetry beacons on %s', (driver) => {
  const env = useTestEnv(driver);
  afterAll(() => stopTestCluster());

  it('counts a page once per remote however many beacons it sends, its error views once, and its API failures each', async () => {
    const admin = await adminToken(env);
    const first = pageId();
    expect((await sendBeacon(env.app, viewOf(first, RELEASE_A))).statusCode).toBe(202);
    // The same page again (a later batch): its view is not counted twice; two errors make one error view.
    const again = { v: 1, page: first, releases: { doctors: RELEASE_A }, events: [{ type: 'view', remotes: ['doctors'] }, { type: 'error', remote: 'doctors', kind: 'boundary' }] };
    expect((await sendBeacon(env.app, again, 'application/json')).statusCode).toBe(202);
    const errorAgain = { v: 1, page: first, releases: { doctors: RELEASE_A }, events: [{ type: 'error', remote: 'doctors', kind: 'script' }, { type: 'api', remote: 'doctors', status: '5xx' }, { type: 'api', remote: 'doctors', status: 'network' }] };
    expect((await sendBeacon(env.app, errorAgain)).statusCode).toBe(202);
    for (let i = 0; i < 3; i += 1) expect((await sendBeacon(env.app, viewOf(pageId(), RELEASE_A))).statusCode).toBe(202);
    expect((await sendBeacon(env.app, viewOf(pageId(), RELEASE_B))).statusCode).toBe(202);

    const reply = await releasesOf(env, admin);
    expect(doctorsRelease(reply, RELEASE_A)).toMatchObject({ views: 4, errorViews: 1, errorRate: 0.25, role: 'earlier' });
    expect(doctorsRelease(reply, RELEASE_A)?.minutes).toEqual([
      { minute: '2026-11-24T09:10:00.000Z', views: 4, errorViews: 1, apiFailures: 2, lcpP75: null, inpP75: null },
    ]);
    expect(doctorsRelease(reply, RELEASE_B)).toMatchObject({ views: 1, errorViews: 0, errorRate: 0 });
    // `account` ran on the pages but was not listed as viewed: no views of it.
    expect(reply.remotes.find((r) => r.remote === 'account')).toBeUndefined();
  });

  it('keeps LCP and INP as histograms and reads p75 back per minute and over the window', async () => {
    const admin = await adminToken(env);
    const release = '20261124T092000Z-cccccccc';
    env.clock.time = new Date('2026-11-24T09:20:10Z');
    // LCP 1000 ms on three pages, 3000 ms on one: p75 falls at the top of the 1000 ms bucket.
    for (const lcp of [1000, 1000, 1000, 3000]) {
      const beacon = { v: 1, page: pageId(), releases: { doctors: release }, events: [{ type: 'vital', name: 'LCP', value: lcp }, { type: 'vital', name: 'INP', value: 180 }, { type: 'vital', name: 'CLS', value: 0.02 }] };
      expect((await sendBeacon(env.app, beacon)).statusCode).toBe(202);
    }
    env.clock.time = new Date('2026-11-24T09:21:10Z');
    expect((await sendBeacon(env.app, { v: 1, page: pageId(), releases: { doctors: release }, events: [{ type: 'vital', name: 'LCP', value: 7000 }] })).statusCode).toBe(202);

    const health = doctorsRelease(await releasesOf(env, admin), release);
    expect(health?.minutes.map((m) => [m.minute, m.lcpP75, m.inpP75])).toEqual([
      ['2026-11-24T09:20:00.000Z', 1000, 188],
      ['2026-11-24T09:21:00.000Z', 7500, null],
    ]);
    // Five values: 1000 x3, 3000, 7000; the 75th percentile (rank 3.75) lies in 3000's bucket (2500-3000].
    expect(health?.lcpP75).toBe(2875);
    expect(health?.inpP75).toBe(188);
    env.clock.time = new Date('2026-11-24T09:10:00Z');
  });

  it('refuses bad shapes with a 400 and counts nothing of them', async () => {
    const admin = await adminToken(env);
    const release = '20261124T093000Z-dddddddd';
    const page = pageId();
    const good = viewOf(page, release);
    const bad: unknown[] = [
      'not json',
      '{"v":1',
      { ...good, v: 2 },
      { ...good, page: 'short' },
      { ...good, events: [] },
      { ...good, events: [{ type: 'view', remotes: ['doctors'] }, { type: 'vital', name: 'LCP', value: -1 }] },
      { ...good, events: [{ type: 'view', remotes: ['doctors'] }, { type: 'error', remote: 'doctors', kind: 'meltdown' }] },
      { ...good, releases: { doctors: 'has spaces in it' } },
      { ...good, extra: 'field' },
      { ...good, events: Array.from({ length: 51 }, () => ({ type: 'view', remotes: ['doctors'] })) },
    ];
    for (const body of bad) {
      const reply = await sendBeacon(env.app, body);
      expect([reply.statusCode, body]).toEqual([400, body]);
      expect(reply.json()).toMatchObject({ success: false });
    }
    const tooLarge = await sendBeacon(env.app, { ...good, padding: 'x'.repeat(20_000) });
    expect(tooLarge.statusCode).toBe(413);
    expect((await sendBeacon(env.app, good, 'text/html')).statusCode).toBe(415);
    expect(doctorsRelease(await releasesOf(env, admin), release)).toBeUndefined();
    // The good one counts.
    expect((await sendBeacon(env.app, good)).statusCode).toBe(202);
    expect(doctorsRelease(await releasesOf(env, admin), release)).toMatchObject({ views: 1 });
  });

  it('refuses a beacon naming a remote CareBook does not have with a 400 that says so, and counts nothing of it', async () => {
    const admin = await adminToken(env);
    const release = '20261124T093500Z-ffffffff';
    const good = viewOf(pageId(), release);
    const forged: Array<[TelemetryBeacon, string]> = [
      [{ ...good, releases: { ...good.releases, 'made-up': release } }, 'made-up'],
      [{ ...good, releases: { doctors: release, 'made-up': release }, events: [{ type: 'view', remotes: ['doctors', 'made-up'] }] }, 'made-up'],
      [{ ...good, events: [{ type: 'view', remotes: ['doctors', 'elsewhere'] }] }, 'elsewhere'],
      [{ ...good, events: [{ type: 'view', remotes: ['doctors'] }, { type: 'error', remote: 'ghost', kind: 'boundary' }] }, 'ghost'],
      [{ ...good, events: [{ type: 'view', remotes: ['doctors'] }, { type: 'api', remote: 'ghost', status: '5xx' }] }, 'ghost'],
      [{ ...good, canary: ['host'] }, 'host'],
    ];
    for (const [beacon, name] of forged) {
      const reply = await sendBeacon(env.app, beacon);
      expect([reply.statusCode, name]).toEqual([400, name]);
      expect(reply.json()).toMatchObject({ success: false, message: expect.stringContaining(`CareBook does not have ("${name}")`) });
      expect(reply.json<{ message: string }>().message).toContain('its remotes are "doctors", "booking", "account", "pages"');
    }
    const figures = await releasesOf(env, admin);
    expect(figures.remotes.some((remote) => ['made-up', 'elsewhere', 'ghost', 'host'].includes(remote.remote))).toBe(false);
    expect(doctorsRelease(figures, release)).toBeUndefined();
    const rows = await env.db.query<{ n: number }>("SELECT count(*)::int AS n FROM telemetry_minutes WHERE release = $1 OR remote IN ('made-up', 'elsewhere', 'ghost')", [release]);
    expect(rows[0]?.n).toBe(0);
    // The same page with the product's remotes only counts.
    expect((await sendBeacon(env.app, good)).statusCode).toBe(202);
    expect(doctorsRelease(await releasesOf(env, admin), release)).toMatchObject({ views: 1 });
  });

  it('limits beacons per address per minute with a 429, and counts none past the limit', async () => {
    const limited = await env.buildOther({ TELEMETRY_RATE_MAX_PER_ADDRESS: '3', RELEASES_API_KEY: RELEASES_KEY });
    const admin = await adminToken(env);
    const release = '20261124T094000Z-eeeeeeee';
    const statuses: number[] = [];
    // An address of its own: on PostgreSQL the count is shared with the other app of this suite.
    const address = '10.9.8.7';
    for (let i = 0; i < 5; i += 1) statuses.push((await sendBeacon(limited, viewOf(pageId(), release), 'text/plain', address)).statusCode);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    const refused = await sendBeacon(limited, viewOf(pageId(), release), 'text/plain', address);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The host's server reports with the releases key: not limited.
    const fromHost = await limited.inject({
      method: 'POST',
      url: '/api/v1/telemetry',
      headers: { 'content-type': 'text/plain', 'x-releases-key': RELEASES_KEY },
      payload: JSON.stringify(viewOf(pageId(), release)),
      remoteAddress: address,
    });
    expect(fromHost.statusCode).toBe(202);
    const forged = await limited.inject({
      method: 'POST',
      url: '/api/v1/telemetry',
      headers: { 'content-type': 'text/plain', 'x-releases-key': 'not-the-key-not-the-key-not' },
      payload: JSON.stringify(viewOf(pageId(), release)),
      remoteAddress: address,
    });
    expect(forged.statusCode).toBe(429);
    await limited.close();
    expect(doctorsRelease(await releasesOf(env, admin), release)).toMatchObject({ views: 4 });
  });

  it('holds its limit under a flood from one address: of 400 beacons at once, never more than the limit is taken, and only what is taken counts', async () => {
    const limited = await env.buildOther({ TELEMETRY_RATE_MAX_PER_ADDRESS: '50' });
    const admin = await adminToken(env);
    const release = '20261124T094500Z-ffffffff';
    const address = '10.9.8.6';
    const replies = await Promise.all(Array.from({ length: 400 }, () => sendBeacon(limited, viewOf(pageId(), release), 'text/plain', address)));
    const taken = replies.filter((reply) => reply.statusCode === 202).length;
    const refused = replies.filter((reply) => reply.statusCode === 429).length;
    expect(taken + refused).toBe(400);
    // PostgreSQL's store answers each beacon with its own count, so exactly the limit gets through.
    // The embedded store (@fastify/rate-limit's in-memory one) hands every request of a burst the same
    // counter object, so once the burst passes the limit even its first beacons read as over it: fewer
    // are taken, never more.
    if (driver === 'postgres') expect(taken).toBe(50);
    else expect(taken).toBeLessThanOrEqual(50);
    await limited.close();
    const counted = doctorsRelease(await releasesOf(env, admin), release)?.views ?? 0;
    expect(counted).toBe(taken);
  });

  it('shows the releases to staff only, over an hour or a day', async () => {
    expect((await get(env.app, '/api/v1/admin/releases')).status).toBe(401);
    const admin = await adminToken(env);
    expect((await get(env.app, '/api/v1/admin/releases?window=week', admin)).status).toBe(400);
    env.clock.time = new Date('2026-11-24T13:10:00Z');
    const hour = await releasesOf(env, admin, 'hour');
    expect(doctorsRelease(hour, RELEASE_A)).toBeUndefined();
    const day = await releasesOf(env, admin, 'day');
    expect(day.window).toBe('day');
    expect(doctorsRelease(day, RELEASE_A)).toMatchObject({ views: 4 });
    env.clock.time = new Date('2026-11-24T09:10:00Z');
  });

  it('prunes what is older than 30 days', async () => {
    const old = "SELECT count(*)::int AS n FROM telemetry_minutes WHERE minute < '2026-11-24T09:11:00Z'";
    expect((await env.db.query<{ n: number }>(old))[0]?.n).toBeGreaterThan(0);
    const clock = { now: () => new Date('2026-12-24T09:11:00Z') };
    const telemetry = startTelemetry({ db: env.db, now: clock.now, log: env.app.log });
    await telemetry.prune();
    await telemetry.stop();
    expect((await env.db.query<{ n: number }>(old))[0]?.n).toBe(0);
    // The vitals of 09:20 and 09:21 are younger than 30 days: kept.
    const kept = await env.db.query<{ n: number }>('SELECT count(*)::int AS n FROM telemetry_vitals');
    expect(kept[0]?.n).toBeGreaterThan(0);
  });
});
