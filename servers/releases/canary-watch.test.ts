import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { freePort } from '../../testing/node/free-port';
import { type PgCluster, startPgCluster } from '../../testing/node/pg-cluster';
import { REPO_ROOT } from '../../testing/node/repo-root';
import { type SmtpCatcher, startSmtpCatcher } from '../../testing/node/smtp-catcher';
import { canaryHealthLines } from './canary-health';
import { type CanaryWatch, startCanaryWatch } from './canary-watch';
import { createReleaseApp } from './release-app';
import { PgReleaseStore, RELEASES_SCHEMA } from './pg-release-store';
import { ReleaseStore, type ReleaseStoreContract } from './release-store';
import { fakeRemoteBuild } from '../../testing/node/fake-remote-build';

jest.setTimeout(180_000);

const KEY = 'watch-test-releases-key-0123456789';
const ADMIN = { email: 'admin@carebook.test', password: 'admin-password-1' };

let root: string;
const build = (label: string): string => fakeRemoteBuild(root, label);

/**
 * The real API as deployed (api/src/server.ts in a process of its own, on PostgreSQL, its emails
 * to a real SMTP catcher) and a remote's store of each kind: the filesystem store, and the
 * PostgreSQL store in the API's database (as a deployment shares one server).
 */
let cluster: PgCluster;
let databaseUrl: string;
let smtp: SmtpCatcher;
let api: ChildProcess | null = null;
let apiUrl: string;
let apiOutput = '';

beforeAll(async () => {
  cluster = await startPgCluster();
  databaseUrl = await cluster.createDatabase('watch');
  smtp = await startSmtpCatcher();
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-watch-api-'));
  apiUrl = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'api', 'src', 'server.ts')], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      RELEASES_API_KEY: KEY,
      TELEMETRY_RATE_MAX_PER_ADDRESS: '100000',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '100',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.on('data', (chunk: Buffer) => (apiOutput += chunk.toString()));
  api.stderr?.on('data', (chunk: Buffer) => (apiOutput += chunk.toString()));
  const deadline = Date.now() + 120_000;
  for (;;) {
    const up = await fetch(`${apiUrl}/health`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline || api.exitCode !== null) throw new Error(`the API did not start:\n${apiOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
});
afterAll(async () => {
  if (api && api.exitCode === null) {
    const exited = new Promise((resolve) => api?.once('exit', resolve));
    api.kill('SIGTERM');
    await exited;
  }
  await smtp?.stop();
  cluster?.stop();
});

async function sql<T>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

interface Setup {
  storeName: string;
  open(): ReleaseStoreContract;
}
const SETUPS: Setup[] = [
  { storeName: 'the filesystem store', open: () => new ReleaseStore(root, 'doctors') },
  { storeName: 'the PostgreSQL store', open: () => new PgReleaseStore(databaseUrl, 'doctors') },
];

describe.each(SETUPS)('the canary watch with $storeName', ({ storeName, open }) => {
  const pg = storeName.includes('PostgreSQL');
  const stores: ReleaseStoreContract[] = [];
  const watches: CanaryWatch[] = [];
  let pages = 0;

  beforeEach(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-watch-'));
    if (pg) await sql(`DROP SCHEMA IF EXISTS ${RELEASES_SCHEMA} CASCADE`);
    for (const table of ['release_watch', 'telemetry_minutes', 'telemetry_pages']) await sql(`DELETE FROM ${table}`);
  });
  afterEach(async () => {
    await Promise.all(watches.splice(0).map((watch) => watch.stop()));
    await Promise.all(stores.splice(0).map((store) => store.close()));
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** R1 live and R2 a canary at 50% started `startedMsAgo` (10 s) ago, on `stages`. */
  async function withCanary(stages = [{ share: 50, durationMs: null as number | null }], startedMsAgo = 10_000) {
    const store = open();
    stores.push(store);
    const ago = (ms: number): Date => new Date(Date.now() - ms);
    const r1 = (await store.add(build('one'), ago(startedMsAgo + 50_000))).id;
    await store.setLive(r1, 'released', { now: ago(startedMsAgo + 40_000) });
    const r2 = (await store.add(build('two'), ago(startedMsAgo + 30_000))).id;
    await store.startCanary(r2, stages, { contact: 'doctors-team@example.com', now: ago(startedMsAgo) });
    return { store, r1, r2 };
  }
  const watch = (store: ReleaseStoreContract, checkMs = 100): CanaryWatch => {
    const started = startCanaryWatch({ store, apiUrl, key: KEY, checkMs, idleMs: checkMs, log: () => undefined });
    watches.push(started);
    return started;
  };
  /** Page views through the API's real HTTP endpoint, as sendBeacon sends them. */
  async function pageViews(release: string, count: number, errors = 0): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      const events = [{ type: 'view', remotes: ['doctors'] }, ...(i < errors ? [{ type: 'error', remote: 'doctors', kind: 'boundary' }] : [])];
      const response = await fetch(`${apiUrl}/api/v1/telemetry`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: JSON.stringify({ v: 1, page: `watch-${pg ? 'pg' : 'fs'}-${Date.now()}-${(pages += 1)}`, releases: { doctors: release }, events }),
      });
      expect(response.status).toBe(202);
    }
  }
  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const value = await read();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const actions = async (): Promise<string[]> =>
    (await sql<{ action: string }>("SELECT action FROM audit_log WHERE action LIKE 'release.%' ORDER BY seq")).map((row) => row.action);
  const adminToken = async (): Promise<string> => {
    const reply = await fetch(`${apiUrl}/api/v1/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    return ((await reply.json()) as { token: string }).token;
  };

  it('withdraws a canary the rule finds worse: the store marks it withdrawn with the figures, the trail and the email say why', async () => {
    const { store, r1, r2 } = await withCanary();
    const before = await actions();
    watch(store);
    await pageViews(r1, 40);
    await pageViews(r2, 40, 20);
    // The rule's threshold is crossed now: the canary must be withdrawn well within 60 s.
    const crossed = Date.now();
    await until(() => Promise.resolve(store.canary()), (canary) => canary === null, 'the canary withdrawn');
    expect(Date.now() - crossed).toBeLessThan(60_000);
    expect((await store.live())?.id).toBe(r1);
    const ended = (await store.history()).canaries?.at(-1);
    expect(ended).toMatchObject({ id: r2, ended: 'withdrawn' });
    // The rule may fire before the last of the canary's views arrive: all 20 errors come first.
    expect(ended?.note).toMatch(/canary 20\/(3\d|40) page views with errors \(\d+\.\d%\), live 0\/40 \(0\.0%\)/);
    expect((await store.statuses()).find((status) => status.id === r2)?.state).toBe('withdrawn');
    // The watch reported the end at once: the order is done and the trail says how it ended.
    await until(actions, (list) => list.length >= before.length + 2, 'the end recorded');
    expect((await actions()).slice(before.length)).toEqual(['release.canary-withdraw', 'release.canary-ended']);
    const [mail] = await smtp.waitFor((caught) => caught.subject.includes(r2));
    expect(mail).toMatchObject({ to: 'doctors-team@example.com', subject: `CareBook: the canary ${r2} of doctors was withdrawn` });
    expect(mail?.text).toContain(ended?.note?.replace('withdrawn by the rule: ', '') ?? 'the note');
    const order = await sql<{ order_action: string | null }>("SELECT order_action FROM release_watch WHERE remote = 'doctors'");
    expect(order).toEqual([{ order_action: null }]);
  });

  it('withdraws a broken canary on modest traffic, over the shortest span of whole minutes with 30 views a side', async () => {
    // Started 5 minutes ago; about 33 page views a minute since: 16 of the canary, each with an
    // error, and 17 of the live release. The current minute and the one before never hold 30 of the canary.
    const { store, r1, r2 } = await withCanary(undefined, 5 * 60_000);
    const thisMinute = Math.floor(Date.now() / 60_000) * 60_000;
    for (let back = 1; back <= 3; back += 1) {
      const minute = new Date(thisMinute - back * 60_000);
      await sql('INSERT INTO telemetry_minutes (remote, release, minute, views, error_views, api_failures) VALUES ($1, $2, $3, 16, 16, 0), ($1, $4, $3, 17, 0, 0)', [
        'doctors',
        r2,
        minute,
        r1,
      ]);
    }
    await pageViews(r2, 5, 5);
    await pageViews(r1, 5);
    const outcome = await watch(store, 60_000).checkNow();
    expect(outcome).toMatchObject({ order: { action: 'withdraw', by: 'rule', canary: r2 }, done: 'withdrawn', rule: { verdict: 'withdraw', canary: { errorRate: 1 } } });
    // Three minutes or, if a minute began meanwhile, four: never the two of a fixed window.
    expect(outcome.rule?.summary).toMatch(/^over the last [34] minutes, the canary's error rate is 100\.0 points above/);
    expect(outcome.rule?.canary.views).toBeGreaterThanOrEqual(30);
    expect((await store.live())?.id).toBe(r1);
    expect((await store.history()).canaries?.at(-1)).toMatchObject({ id: r2, ended: 'withdrawn', note: expect.stringMatching(/^withdrawn by the rule: over the last [34] minutes/) });
  });

  if (!pg) {
    it('reports a canary as soon as a host asks the remote\'s server about it, not at the end of the idle wait', async () => {
      const store = new ReleaseStore(root, 'doctors');
      stores.push(store);
      const r1 = (await store.add(build('one'))).id;
      await store.setLive(r1);
      const server = await createReleaseApp({
        releases: store,
        watch: { store, apiUrl, key: KEY, checkMs: 60_000, idleMs: 60_000, log: () => undefined },
      });
      const reported = () => sql<{ live: string | null; canary: string | null }>("SELECT live, canary FROM release_watch WHERE remote = 'doctors'");
      try {
        await server.ready();
        // The watch's first report, with no canary; its next would come only after a minute.
        await until(reported, (rows) => rows[0]?.live === r1, 'the first report');
        const r2 = (await store.add(build('two'))).id;
        await store.startCanary(r2, [{ share: 10, durationMs: null }]);
        const started = Date.now();
        expect((await server.inject('/release.json')).json()).toMatchObject({ id: r1, canary: { id: r2 } });
        const [row] = await until(reported, (rows) => rows[0]?.canary?.includes(r2) === true, 'the canary reported');
        expect(Date.now() - started).toBeLessThan(10_000);
        expect(row?.live).toBe(r1);
      } finally {
        await server.close();
      }
    });
  }

  it('promotes a healthy canary when its plan\'s time is up, and only with enough page views', async () => {
    // One stage of 5 s, started 10 s ago: it holds.
    const { store, r1, r2 } = await withCanary([{ share: 50, durationMs: 5000 }]);
    const running = watch(store, 60_000);
    await pageViews(r1, 40, 1);
    await pageViews(r2, 20, 1);
    expect(await running.checkNow()).toMatchObject({ order: { action: 'none' }, done: null, rule: { verdict: 'too-few-views' } });
    expect((await store.canary())?.state).toBe('holding');
    await pageViews(r2, 20);
    expect(await running.checkNow()).toMatchObject({ order: { action: 'promote', by: 'rule', canary: r2 }, done: 'promoted' });
    expect((await store.live())?.id).toBe(r2);
    expect((await store.history()).canaries?.at(-1)).toMatchObject({ id: r2, ended: 'promoted' });
    expect(await store.canary()).toBeNull();
    expect(r1).not.toBe(r2);
  });

  it('gives `npm run releases` the canary\'s health from the API, or says why it cannot', async () => {
    const { store, r1, r2 } = await withCanary();
    await watch(store, 60_000).checkNow();
    await pageViews(r1, 35, 1);
    await pageViews(r2, 31, 2);
    const lines = (await canaryHealthLines('doctors', { url: apiUrl, key: KEY, keyFile: '/nowhere' })).join('\n');
    expect(lines).toContain(`canary ${r2}: 31 page views, 2 with errors (6.5%)`);
    expect(lines).toContain(`live   ${r1}: 35 page views, 1 with errors (2.9%)`);
    expect(lines).toContain('The rule says: healthy');
    expect((await canaryHealthLines('doctors', { url: apiUrl, key: 'wrong-key-wrong-key-wrong', keyFile: '/nowhere' }))[0]).toContain('refused (401');
    expect((await canaryHealthLines('doctors', { url: apiUrl, key: null, keyFile: '/data/releases-api-key' }))[0]).toContain('no RELEASES_API_KEY set and no /data/releases-api-key');
    const closedPort = await freePort();
    expect((await canaryHealthLines('doctors', { url: `http://127.0.0.1:${closedPort}`, key: KEY, keyFile: '/nowhere' }))[0]).toContain('could not be reached');
  });

  it('carries out a staff order for the running canary', async () => {
    const { store, r1, r2 } = await withCanary();
    const running = watch(store, 60_000);
    expect((await running.checkNow()).order).toEqual({ action: 'none' });
    const admin = await adminToken();
    const reply = await fetch(`${apiUrl}/api/v1/admin/releases/doctors/rollback`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` },
      body: JSON.stringify({ canary: r2 }),
    });
    expect(reply.status).toBe(202);
    expect(await running.checkNow()).toMatchObject({ order: { action: 'rollback', by: 'staff', canary: r2 }, done: 'rolled back' });
    expect((await store.live())?.id).toBe(r1);
    expect((await store.history()).canaries?.at(-1)).toMatchObject({ id: r2, ended: 'rolled back' });
    // Acting again on a canary that ended is nothing.
    expect(await running.checkNow()).toMatchObject({ order: { action: 'none' }, done: null });
  });

  if (pg) {
    it('acts once when two replicas get the same order at the same moment', async () => {
      const { store, r2 } = await withCanary([{ share: 50, durationMs: 5000 }]);
      const other = open();
      stores.push(other);
      await pageViews((await store.live())?.id ?? '', 40);
      await pageViews(r2, 40);
      // Both replicas hold the order before either acts: each waits at the store's lock for the other.
      let arrived = 0;
      let bothArrived: () => void = () => undefined;
      const barrier = new Promise<void>((resolve) => (bothArrived = resolve));
      const meeting = (replica: ReleaseStoreContract): ReleaseStoreContract =>
        new Proxy(replica, {
          get(target, property, receiver) {
            if (property !== 'exclusively') return Reflect.get(target, property, receiver) as unknown;
            return async <T>(work: () => Promise<T>): Promise<T> => {
              arrived += 1;
              if (arrived === 2) bothArrived();
              await barrier;
              return target.exclusively ? target.exclusively(work) : work();
            };
          },
        });
      const [a, b] = [watch(meeting(store), 60_000), watch(meeting(other), 60_000)];
      const outcomes = await Promise.all([a.checkNow(), b.checkNow()]);
      expect(outcomes.map((outcome) => outcome.order.action)).toEqual(['promote', 'promote']);
      expect(outcomes.map((outcome) => outcome.done).sort()).toEqual([null, 'promoted']);
      const switches = (await store.history()).switches.filter((change) => change.reason === 'promoted');
      expect(switches.map((change) => change.live)).toEqual([r2]);
    });
  }
});
