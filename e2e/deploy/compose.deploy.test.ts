// The deployment for real: build the images from the root Dockerfile, start docker-compose.yml,
// walk a patient through the composed site in Chromium, release and roll back a remote inside its
// container with the site open, restart the API and find the booking again, then remove everything
// made here. Base images come from deploy/local-images/build.sh (no registry on CI); set
// NODE_IMAGE and POSTGRES_IMAGE to use others. `npm run test:deploy`; not part of `npm test`.
// DEPLOY_TEST_KEEP_IMAGES=1 keeps the images (and so the build cache) for the next run.
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, type TrackedPage } from '../../testing/browser/browser';
import { clinicTomorrow, pickSlot } from '../../testing/browser/slot-picker';
import {
  composeProject,
  ensureEngine,
  ensureLocalBaseImages,
  imageIds,
  LOCAL_NODE_IMAGE,
  LOCAL_POSTGRES_IMAGE,
  removeImagesSince,
  run,
  waitForUrls,
  type ComposeProject,
  type Engine,
} from './engine';

const SERVICES = ['postgres', 'api', 'host', 'doctors', 'booking', 'account', 'pages', 'admin', 'mail'];
const SITE = ['host', 'doctors', 'booking', 'account', 'pages', 'admin'];
const DOCTOR = { id: 'doc01', name: 'Dr. Amara Lindqvist' };
const OLD_TITLE = 'Find a doctor';
const NEW_TITLE = 'Find your doctor';
const keepImages = process.env.DEPLOY_TEST_KEEP_IMAGES === '1';
const started = Date.now();
const timings: string[] = [];
const mark = (what: string): void => void timings.push(`${what}: ${((Date.now() - started) / 1000).toFixed(0)} s`);

let engine: Engine | undefined;
let imagesBefore: Set<string> | undefined;
let project: ComposeProject | undefined;
let browser: Browser | undefined;
let site: TrackedPage | undefined;
const patient = { email: `deploy${Date.now()}@example.com`, password: 'secret-pass-1' };

beforeAll(async () => {
  engine = await ensureEngine();
  imagesBefore = await imageIds();
  mark('engine ready');
  const useLocal = !process.env.NODE_IMAGE;
  if (useLocal) await ensureLocalBaseImages();
  mark('base images ready');
  const env = {
    ...process.env,
    NODE_IMAGE: process.env.NODE_IMAGE ?? LOCAL_NODE_IMAGE,
    POSTGRES_IMAGE: process.env.POSTGRES_IMAGE ?? LOCAL_POSTGRES_IMAGE,
    ADMIN_EMAIL: 'admin@carebook.test',
    ADMIN_PASSWORD: 'admin-password-deploy',
  };
  project = await composeProject(env);
  // Minutes on an idle machine; much longer when other builds share its two cores.
  await project.compose(['build'], 2_400_000);
  mark('images built');
  const sizes = await run('docker', ['image', 'ls', '--format', '{{.Repository}} {{.Size}}', '--filter', `reference=${project.name}_*`]);
  console.log(`Image sizes:\n${sizes.trim()}`);
  await project.compose(['up', '--detach', '--no-build'], 300_000);
  await waitForUrls(
    [`${project.url('api')}/health`, ...SITE.map((service) => `${project!.url(service)}/`), `${project.url('mail')}/api/healthz`],
    180_000,
  );
  mark('compose up and answering');
  browser = await launchBrowser();
}, 3_000_000);

afterAll(async () => {
  await browser?.close();
  try {
    await project?.down(keepImages);
  } finally {
    if (imagesBefore && !keepImages) await removeImagesSince(imagesBefore, project?.name ?? '');
    await engine?.stop();
    mark('everything removed');
    console.log(`Deployment test timings (from the start):\n${timings.join('\n')}`);
  }
}, 600_000);

const heading = (page: Page) => page.getByRole('heading', { level: 1 }).innerText();
const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' });

async function showList(page: Page): Promise<void> {
  await page.getByRole('navigation').getByRole('link', { name: 'All Doctors' }).first().click();
  await page.waitForURL(/\/doctors$/);
  // The list's own results: the home page links to doctors too, and on a loaded machine the URL
  // changes well before the list replaces the home page (its heading was still the home page's).
  await page.locator('main section[aria-labelledby="doctor-results-title"] a[href^="/appointment/"]').first().waitFor();
}

/** A new tab on `route`; with `release`, once the doctors remote's files of that release have arrived. */
async function newTab(route: string, release?: string): Promise<TrackedPage> {
  const tab = await openPage(browser!);
  const arrived = release ? tab.page.waitForResponse((response) => response.url().includes(`/releases/${release}/`)) : null;
  await tab.page.goto(`${project!.url('host')}${route}`);
  await arrived;
  return tab;
}

describe('docker-compose.yml on a Docker engine', () => {
  it('runs every service, non-root, the API on PostgreSQL', async () => {
    const running = (await project!.compose(['ps', '--services', '--filter', 'status=running'])).split('\n').filter(Boolean);
    expect(running.sort()).toEqual([...SERVICES].sort());
    const health = (await (await fetch(`${project!.url('api')}/health`)).json()) as { database: string };
    expect(health.database).toBe('postgres');
    for (const service of ['api', 'host', 'doctors', 'admin']) {
      expect((await project!.exec(service, ['id', '-u'])).trim()).not.toBe('0');
    }
    const admin = (await (await fetch(`${project!.url('admin')}/config.json`)).json()) as { apiUrl: string };
    expect(admin.apiUrl).toBe(project!.url('api'));
  });

  it('lets a patient find a doctor, sign up, book and see the booking in My Appointments', async () => {
    site = await newTab('/');
    const { page } = site;
    await showList(page);
    expect(await heading(page)).toBe(OLD_TITLE);
    await page.locator(`main a[href="/appointment/${DOCTOR.id}"]`).first().click();
    await page.getByRole('heading', { name: DOCTOR.name }).first().waitFor();
    const day = clinicTomorrow('UTC');
    await pickSlot(page, day, '10:30');
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.waitForURL('**/login?next=*');
    await page.getByRole('button', { name: 'Sign up here', exact: true }).click();
    await page.getByLabel('Full Name', { exact: true }).fill('Deploy Patient');
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByLabel('Password', { exact: true }).fill(patient.password);
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await page.waitForURL(`**/appointment/${DOCTOR.id}?date=${day.key}&time=10:30`);
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.getByRole('heading', { name: /Your appointment is booked/ }).waitFor();
    await page.goto(`${project!.url('host')}/my-appointments`);
    await page.locator('main').getByRole('listitem').filter({ hasText: DOCTOR.name }).waitFor();
    expect(site.pageErrors).toEqual([]);
    mark('patient journey done');
  }, 120_000);

  it('releases a doctors build inside its container and rolls it back, the open tab working throughout', async () => {
    const { page } = site!;
    const liveId = async (): Promise<string> => {
      const config = (await (await fetch(`${project!.url('host')}/remotes.json`)).json()) as { releases: Record<string, { id: string } | null> };
      return config.releases.doctors?.id ?? '';
    };
    // The host learns a remote's live release in the background (about once a second).
    const untilLive = async (id: string): Promise<string> => {
      for (let waited = 0; waited < 10_000 && (await liveId()) !== id; waited += 250) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      return liveId();
    };
    const first = await liveId();
    expect(first).not.toBe('');

    // The next build: the image's own, with the list's title changed (and its gzip copies remade).
    await project!.exec('doctors', [
      'node',
      '-e',
      `const fs = require('node:fs'), path = require('node:path'), zlib = require('node:zlib');
       fs.cpSync('remotes/doctors/dist', '/tmp/next', { recursive: true });
       let changed = 0;
       for (const name of fs.readdirSync('/tmp/next', { recursive: true })) {
         const file = path.join('/tmp/next', name);
         if (!file.endsWith('.js')) continue;
         const text = fs.readFileSync(file, 'utf8');
         if (!text.includes(${JSON.stringify(OLD_TITLE)})) continue;
         const next = text.split(${JSON.stringify(OLD_TITLE)}).join(${JSON.stringify(NEW_TITLE)});
         fs.writeFileSync(file, next);
         if (fs.existsSync(file + '.gz')) fs.writeFileSync(file + '.gz', zlib.gzipSync(next, { level: 9 }));
         if (fs.existsSync(file + '.br')) fs.writeFileSync(file + '.br', zlib.brotliCompressSync(next));
         changed += 1;
       }
       if (!changed) throw new Error('the doctors build no longer says ${OLD_TITLE}');`,
    ]);
    const published = await project!.exec('doctors', ['node', 'server/releases.js', 'publish', 'doctors', '/tmp/next']);
    const second = published.trim().split('\n').at(-1) ?? '';
    expect(second).not.toBe(first);
    expect(await untilLive(second)).toBe(second);

    // The open tab goes on with the release it loaded; a new tab gets the new one.
    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
    await showList(page);
    expect(await heading(page)).toBe(OLD_TITLE);
    expect(site!.requests.some((url) => url.includes(`/releases/${second}/`))).toBe(false);
    const fresh = await newTab('/doctors', second);
    await fresh.page.getByRole('heading', { level: 1, name: NEW_TITLE }).waitFor();

    const rolledBack = await project!.exec('doctors', ['node', 'server/releases.js', 'rollback', 'doctors']);
    expect(rolledBack.trim().split('\n').at(-1)).toBe(first);
    expect(await untilLive(first)).toBe(first);
    const afterRollback = await newTab('/doctors', first);
    await afterRollback.page.locator('main a[href^="/appointment/"]').first().waitFor();
    expect(await heading(afterRollback.page)).toBe(OLD_TITLE);
    expect(afterRollback.requests.some((url) => url.includes(`/releases/${second}/`))).toBe(false);

    await page.getByRole('navigation').getByRole('link', { name: 'Home' }).first().click();
    await showList(page);
    await expect(unavailable(page).count()).resolves.toBe(0);
    expect([...site!.pageErrors, ...fresh.pageErrors, ...afterRollback.pageErrors]).toEqual([]);
    await fresh.context.close();
    await afterRollback.context.close();
    mark('release and rollback done');
  }, 120_000);

  it('keeps the booking when the API container restarts', async () => {
    await project!.compose(['restart', 'api'], 120_000);
    await waitForUrls([`${project!.url('api')}/health`], 90_000);
    const { page } = site!;
    await page.goto(`${project!.url('host')}/my-appointments`);
    await page.locator('main').getByRole('listitem').filter({ hasText: DOCTOR.name }).waitFor();
    const login = await fetch(`${project!.url('api')}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(patient),
    });
    const { token } = (await login.json()) as { token: string };
    const mine = (await (await fetch(`${project!.url('api')}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      appointments: Array<{ docId: string; cancelled: boolean }>;
    };
    expect(mine.appointments.filter((appointment) => appointment.docId === DOCTOR.id && !appointment.cancelled)).toHaveLength(1);
    await site!.context.close();
    mark('API restart done');
  }, 180_000);

  it("backs up the running API's PostgreSQL and verifies the audit trail with the image's own commands", async () => {
    const backedUp = await project!.exec('api', ['node', 'server/backup.js', 'backup', '/data/deploy-check.gz']);
    expect(backedUp).toMatch(/appointments 1\b/);
    const verified = await project!.exec('api', ['node', 'server/audit-verify.js']);
    expect(verified).toContain('the trail is intact');
    mark('backup and audit check done');
  }, 120_000);
});
