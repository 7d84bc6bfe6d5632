import type { CanaryState, ReleaseCheckReply } from '@carebook/shared';
import { releaseCheckReplySchema } from '@carebook/shared/contract';
import { post } from '../../../testing/api/http';
import { adminToken } from '../../../testing/api/patient-calls';
import { DRIVERS, stopTestCluster, type TestEnv, useTestEnv } from '../../../testing/api/test-app';

jest.setTimeout(120_000);

const KEY = 'test-releases-key-0123456789abcdef';
const LIVE = '20261124T080000Z-11111111';
const CANARY = '20261124T090000Z-22222222';

let pages = 0;
const pageId = (): string => `watch-page-${(pages += 1)}`;

function canaryState(overrides: Partial<CanaryState> = {}): CanaryState {
  return {
    id: CANARY,
    base: LIVE,
    share: 50,
    stage: 1,
    stageCount: 1,
    stageEndsAt: null,
    state: 'running',
    startedAt: '2026-11-24T09:00:00.000Z',
    contact: 'team@example.com',
    ...overrides,
  };
}

describe.each(DRIVERS)('the canary watch on %s', (driver) => {
  const env: TestEnv = useTestEnv(driver, () => ({ RELEASES_API_KEY: KEY }));
  afterAll(() => stopTestCluster());

  const check = async (remote: string, body: { live: string | null; canary: CanaryState | null }, key: string | null = KEY) => {
    const reply = await env.app.inject({
      method: 'POST',
      url: `/api/v1/releases/${remote}/check`,
      headers: { 'content-type': 'application/json', ...(key === null ? {} : { 'x-releases-key': key }) },
      payload: JSON.stringify(body),
    });
    return { status: reply.statusCode, body: reply.json<ReleaseCheckReply & { message?: string }>() };
  };
  const checked = async (remote: string, body: { live: string | null; canary: CanaryState | null }): Promise<ReleaseCheckReply> => {
    const reply = await check(remote, body);
    expect(reply.status).toBe(200);
    return releaseCheckReplySchema.parse(reply.body);
  };
  /** `count` page views of `release` of `remote`, `errors` of them with an error of it. */
  const views = async (remote: string, release: string, count: number, errors = 0): Promise<void> => {
    for (let i = 0; i < count; i += 1) {
      const events = [{ type: 'view', remotes: [remote] }, ...(i < errors ? [{ type: 'error', remote, kind: 'boundary' }] : [])];
      const reply = await env.app.inject({
        method: 'POST',
        url: '/api/v1/telemetry',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify({ v: 1, page: pageId(), releases: { [remote]: release }, events }),
        remoteAddress: `10.0.${Math.floor(pages / 100) % 250}.${pages % 250}`,
      });
      expect(reply.statusCode).toBe(202);
    }
  };
  /** The audit entries of `remote` (of its canary `canary` only, if given). */
  const auditOf = async (remote: string, canary?: string) =>
    (await env.db.query<{ action: string; target_id: string; changes: string }>('SELECT action, target_id, changes FROM audit_log ORDER BY seq'))
      .map((row) => ({ action: row.action, target: row.target_id, changes: JSON.parse(row.changes) as Record<string, unknown> }))
      .filter((entry) => entry.changes.remote === remote && (canary === undefined || entry.changes.canary === canary));
  /** Moves the suite's clock (beacons count in the minute it says). */
  const at = (iso: string): void => {
    env.clock.time = new Date(iso);
  };

  it('takes reports only with the key, and says so without one set', async () => {
    expect((await check('doctors', { live: LIVE, canary: null }, null)).status).toBe(401);
    expect((await check('doctors', { live: LIVE, canary: null }, 'wrong-key-wrong-key-wrong-key')).status).toBe(401);
    expect((await check('bad name!', { live: LIVE, canary: null })).status).toBe(400);
    expect((await check('doctors', { live: LIVE, canary: { ...canaryState(), share: 'lots' } as unknown as CanaryState })).status).toBe(400);
    const keyless = await env.buildOther({ RELEASES_API_KEY: '' });
    const reply = await keyless.inject({ method: 'GET', url: '/api/v1/releases/doctors/health', headers: { 'x-releases-key': KEY } });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toMatchObject({ success: false, message: expect.stringContaining('RELEASES_API_KEY') });
  });

  it('orders a clearly worse canary withdrawn, once, with the figures in the audit trail and an email to its contact', async () => {
    const remote = 'doctors';
    expect((await checked(remote, { live: LIVE, canary: canaryState() })).order).toEqual({ action: 'none' });
    await views(remote, LIVE, 40);
    await views(remote, CANARY, 40, 20);
    const first = await checked(remote, { live: LIVE, canary: canaryState() });
    expect(first.rule).toMatchObject({ verdict: 'withdraw', canary: { views: 40, errorViews: 20, errorRate: 0.5 }, live: { views: 40, errorViews: 0 } });
    expect(first.order).toMatchObject({ action: 'withdraw', by: 'rule', canary: CANARY, note: expect.stringContaining('canary 20/40 page views with errors (50.0%)') });
    // Every replica's next check gets the same order; nothing is recorded or sent twice.
    expect((await checked(remote, { live: LIVE, canary: canaryState() })).order).toEqual(first.order);
    const trail = await auditOf(remote);
    expect(trail.map((e) => e.action)).toEqual(['release.canary-withdraw']);
    expect(trail[0]?.changes).toMatchObject({ canary: CANARY, live: LIVE, by: 'rule', figures: { window: { canary: { views: 40, errorViews: 20 }, live: { views: 40, errorViews: 0 } } } });
    const mails = await env.db.query<{ kind: string; recipient: string; subject: string; text_body: string }>(
      "SELECT kind, recipient, subject, text_body FROM mail_outbox WHERE kind = 'canary-withdrawn'",
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: 'team@example.com', subject: `CareBook: the canary ${CANARY} of ${remote} was withdrawn` });
    expect(mails[0]?.text_body).toContain('20/40');
    // A staff order cannot go around a withdrawal.
    const admin = await adminToken(env);
    const promote = await post(env.app, `/api/v1/admin/releases/${remote}/promote`, { canary: CANARY }, admin);
    expect(promote.status).toBe(409);
    // The server withdrew it and reports no canary: the order is done.
    expect((await checked(remote, { live: LIVE, canary: null })).order).toEqual({ action: 'none' });
    expect((await auditOf(remote)).map((e) => [e.action, e.changes.outcome])).toEqual([
      ['release.canary-withdraw', undefined],
      ['release.canary-ended', 'ended without promotion'],
    ]);
  });

  it('keeps a running canary going while it is healthy, and a held one holding with too few views', async () => {
    const remote = 'booking';
    await views(remote, LIVE, 40, 1);
    await views(remote, CANARY, 40, 1);
    expect(await checked(remote, { live: LIVE, canary: canaryState() })).toMatchObject({ order: { action: 'none' }, rule: { verdict: 'healthy' } });
    const other = 'account';
    await views(other, LIVE, 40);
    await views(other, CANARY, 29);
    const held = canaryState({ state: 'holding', stageCount: 2, stage: 2 });
    expect(await checked(other, { live: LIVE, canary: held })).toMatchObject({ order: { action: 'none' }, rule: { verdict: 'too-few-views', sinceStart: { verdict: 'too-few-views' } } });
    expect(await auditOf(other)).toEqual([]);
    // One more view of the canary: now the rule can judge it, and it was healthy: promoted.
    await views(other, CANARY, 1);
    const promoted = await checked(other, { live: LIVE, canary: held });
    expect(promoted.order).toMatchObject({ action: 'promote', by: 'rule', canary: CANARY });
    expect((await auditOf(other)).map((e) => [e.action, e.changes.by])).toEqual([['release.canary-promote', 'rule']]);
    expect((await checked(other, { live: CANARY, canary: null })).order).toEqual({ action: 'none' });
    expect((await auditOf(other)).map((e) => [e.action, e.changes.outcome ?? null])).toEqual([
      ['release.canary-promote', null],
      ['release.canary-ended', 'promoted'],
    ]);
  });

  it('withdraws instead of promoting when the canary was worse over its life at the end of its plan', async () => {
    const remote = 'pages';
    // Long ago (before the last 10 minutes), the canary failed a lot; in the window there is nothing.
    at('2026-11-24T09:03:00Z');
    await views(remote, LIVE, 40);
    await views(remote, CANARY, 40, 20);
    at('2026-11-24T09:20:00Z');
    const reply = await checked(remote, { live: LIVE, canary: canaryState({ state: 'holding' }) });
    expect(reply.rule).toMatchObject({ verdict: 'too-few-views', from: '2026-11-24T09:11:00.000Z', sinceStart: { verdict: 'withdraw' } });
    expect(reply.order).toMatchObject({ action: 'withdraw', by: 'rule', note: expect.stringContaining('withdrawn by the rule: since it started, ') });
    at('2026-11-24T09:10:00Z');
  });

  it('withdraws a broken canary at about 33 page views a minute over the shortest window with 30 views a side', async () => {
    // The traffic the two-minute window never judged: 16 + 17 views a minute, the current minute a third gone.
    const remote = 'doctors';
    const live = '20261124T093000Z-44444444';
    const canary = canaryState({ id: '20261124T093030Z-55555555', base: live, startedAt: '2026-11-24T09:30:30.000Z' });
    for (const [minute, canaryViews, liveViews] of [['09:31:10', 16, 17], ['09:32:10', 16, 17], ['09:33:05', 12, 13]] as const) {
      at(`2026-11-24T${minute}Z`);
      await views(remote, canary.id, canaryViews, canaryViews);
      await views(remote, live, liveViews);
    }
    at('2026-11-24T09:33:20Z');
    const reply = await checked(remote, { live, canary });
    expect(reply.rule).toMatchObject({
      verdict: 'withdraw',
      from: '2026-11-24T09:31:00.000Z',
      canary: { views: 44, errorViews: 44 },
      live: { views: 47, errorViews: 0 },
      summary: expect.stringMatching(/^over the last 3 minutes, the canary's error rate is 100\.0 points above/),
    });
    expect(reply.order).toMatchObject({ action: 'withdraw', by: 'rule', canary: canary.id, note: expect.stringContaining('over the last 3 minutes') });
    const trail = await auditOf(remote, canary.id);
    expect(trail.map((entry) => entry.action)).toEqual(['release.canary-withdraw']);
    expect(trail[0]?.changes).toMatchObject({ figures: { window: { from: '2026-11-24T09:31:00.000Z', canary: { views: 44 }, live: { views: 47 } } } });
    const mail = await env.db.query<{ text_body: string }>('SELECT text_body FROM mail_outbox WHERE subject LIKE $1', [`%${canary.id}%`]);
    expect(mail[0]?.text_body).toContain('over the last 3 minutes, the canary');
    expect((await checked(remote, { live, canary: null })).order).toEqual({ action: 'none' });
    at('2026-11-24T09:10:00Z');
  });

  it('withdraws a long, quiet canary on its whole life when even 10 minutes hold too few views, and never promotes on them', async () => {
    // One view a side a minute for half an hour, each of the canary's with an error.
    const remote = 'doctors';
    const live = '20261124T100000Z-66666666';
    const canary = canaryState({ id: '20261124T100000Z-77777777', base: live, startedAt: '2026-11-24T10:00:00.000Z' });
    for (let minute = 0; minute < 30; minute += 1) {
      at(`2026-11-24T10:${String(minute).padStart(2, '0')}:30Z`);
      await views(remote, canary.id, 1, 1);
      await views(remote, live, 1);
      if (minute === 28) {
        // 29 a side since the start: the rule does not judge it.
        expect(await checked(remote, { live, canary })).toMatchObject({ order: { action: 'none' }, rule: { verdict: 'too-few-views', sinceStart: { verdict: 'too-few-views' } } });
      }
    }
    const reply = await checked(remote, { live, canary });
    expect(reply.rule).toMatchObject({ verdict: 'too-few-views', from: '2026-11-24T10:20:00.000Z', canary: { views: 10 }, sinceStart: { verdict: 'withdraw', canary: { views: 30, errorViews: 30 } } });
    expect(reply.order).toMatchObject({ action: 'withdraw', by: 'rule', canary: canary.id, note: expect.stringContaining('since it started, the canary') });
    expect((await auditOf(remote, canary.id)).map((entry) => entry.action)).toEqual(['release.canary-withdraw']);
    expect((await checked(remote, { live, canary: null })).order).toEqual({ action: 'none' });
    at('2026-11-24T09:10:00Z');
  });

  it('takes staff orders for the running canary only, audited, and answers them at the next check', async () => {
    const remote = 'watch-staff';
    const admin = await adminToken(env);
    const order = (action: string, canary: string) => post(env.app, `/api/v1/admin/releases/${remote}/${action}`, { canary }, admin);
    expect((await order('promote', CANARY)).status).toBe(409); // never reported
    await checked(remote, { live: LIVE, canary: canaryState() });
    expect((await post(env.app, `/api/v1/admin/releases/${remote}/promote`, { canary: CANARY })).status).toBe(401);
    const stale = await order('rollback', '20261124T085000Z-33333333');
    expect(stale.status).toBe(409);
    expect(stale.body.message).toContain(`${CANARY} is`);
    const promote = await order('promote', CANARY);
    expect(promote.status).toBe(202);
    expect(promote.body).toMatchObject({ success: true, order: { action: 'promote', by: 'staff', canary: CANARY } });
    expect((await checked(remote, { live: LIVE, canary: canaryState() })).order).toMatchObject({ action: 'promote', by: 'staff' });
    // Staff change their mind before it was carried out: the later order stands.
    expect((await order('rollback', CANARY)).status).toBe(202);
    expect((await checked(remote, { live: LIVE, canary: canaryState() })).order).toMatchObject({ action: 'rollback', by: 'staff', canary: CANARY });
    const trail = await auditOf(remote);
    expect(trail.map((e) => [e.action, e.changes.by])).toEqual([
      ['release.canary-promote', 'staff'],
      ['release.canary-rollback', 'staff'],
    ]);
    expect(trail[1]?.changes.replaced).toBe('promote by staff');
    const actors = await env.db.query<{ actor_role: string }>("SELECT actor_role FROM audit_log WHERE action = 'release.canary-rollback'");
    expect(actors.map((a) => a.actor_role)).toContain('admin');
    expect((await checked(remote, { live: LIVE, canary: null })).order).toEqual({ action: 'none' });
  });
});
