// Booking before the app (docs/architecture.md, "Booking before the app"): the doctor's page's own
// HTML form books through the host's server with the session cookie the app handed over, whether
// the app's scripts arrived or not, and with JavaScript off; the API stays the judge.
import type { APIResponse, BrowserContext, Page, Route } from 'playwright-core';
import { MESSAGES, type Appointment } from '@carebook/shared';
import { bookThroughApi, registerPatient, signInPage, type Patient } from '../testing/browser/api-calls';
import { gotoApp, waitForApp } from '../testing/browser/browser';
import { clinicTomorrow, dayChoice, timeChoice } from '../testing/browser/slot-picker';
import { useSiteJourney } from '../testing/browser/site-journey';

const journey = useSiteJourney();
const { stack } = journey;

const DOCTOR = 'doc03';
const confirmation = (page: Page) => page.getByRole('heading', { name: 'Your appointment is booked' });
const bookButton = (page: Page) => page.getByRole('button', { name: 'Book Appointment' });

async function appointmentsOf(patient: Patient): Promise<Appointment[]> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${patient.token}` } });
  const body = (await response.json()) as { appointments: Appointment[] };
  return body.appointments.filter((appointment) => !appointment.cancelled);
}

/** A patient who signed in on this browser before: the app has handed the session to the host's server. */
async function signedIn(context: BrowserContext): Promise<{ page: Page; patient: Patient }> {
  const patient = await registerPatient(stack);
  const page = await context.newPage();
  await signInPage(page, stack, patient.token);
  const handed = page.waitForResponse((response) => response.url().endsWith('/session-cookie') && response.request().method() === 'PUT');
  await gotoApp(page, `${stack.siteUrl}/about`);
  expect((await handed).status()).toBe(204);
  return { page, patient };
}

/** Every script of the site's apps refused: the page is the server's HTML alone. */
async function blockScripts(page: Page): Promise<void> {
  await page.route(/\.js(\?.*)?$/, (route) => route.abort());
}

/** A free time on tomorrow's page, chosen in the server's HTML (the day is a link, the time a radio). */
async function chooseTomorrow(page: Page, index = 0): Promise<{ slotDate: string; slotTime: string }> {
  const tomorrow = clinicTomorrow('UTC');
  const slotTime = tomorrow.times[index];
  if (!slotTime) throw new Error('no time tomorrow');
  await dayChoice(page, tomorrow).click();
  await page.waitForURL(new RegExp(`date=${tomorrow.key}`));
  await timeChoice(page, slotTime).check();
  return { slotDate: tomorrow.key, slotTime };
}

describe('Book on the doctor\'s page before the app', () => {
  it('books from the server\'s page with the app\'s scripts blocked: the confirmation shows and the appointment exists once', async () => {
    const { context } = await journey.fresh();
    const { page, patient } = await signedIn(context);
    await blockScripts(page);
    await page.goto(`${stack.siteUrl}/appointment/${DOCTOR}`);
    const slot = await chooseTomorrow(page);
    await bookButton(page).click();
    await confirmation(page).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/appointment/${DOCTOR}`);
    const mine = await appointmentsOf(patient);
    expect(mine.map(({ docId, slotDate, slotTime }) => ({ docId, slotDate, slotTime }))).toEqual([{ docId: DOCTOR, ...slot }]);
    expect(url.searchParams.get('booked')).toBe(mine[0]?._id);
  });

  it('books once when the app arrives after the tap: the app shows the same booking and sends nothing', async () => {
    const { context } = await journey.fresh();
    const { page, patient } = await signedIn(context);
    const tomorrow = clinicTomorrow('UTC');
    const slotTime = tomorrow.times[1] ?? '';
    // The booking remote's scripts are held back until Book has been tapped.
    const heldScripts: Route[] = [];
    let scriptsReleased = false;
    await page.route(`${stack.appUrl('booking')}/**/*.js`, async (route) => {
      if (scriptsReleased) await route.continue();
      else heldScripts.push(route);
    });
    const sentByApp: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/user/book-appointment')) sentByApp.push(request.url());
    });
    // Not until "load": the held scripts (preloaded) keep it back.
    await page.goto(`${stack.siteUrl}/appointment/${DOCTOR}?date=${tomorrow.key}`, { waitUntil: 'domcontentloaded' });
    await timeChoice(page, slotTime).check();
    const posted = page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${stack.siteUrl}/appointment/${DOCTOR}`);
    await bookButton(page).click({ noWaitAfter: true });
    await posted;
    scriptsReleased = true;
    for (const route of heldScripts.splice(0)) await route.continue().catch(() => undefined);

    await page.waitForURL(/booked=/, { waitUntil: 'domcontentloaded' });
    await waitForApp(page);
    await confirmation(page).waitFor();
    // The app took the server's confirmation over: the same appointment, and no second booking sent.
    const mine = await appointmentsOf(patient);
    expect(mine.map(({ _id, docId, slotDate, slotTime: time }) => ({ _id, docId, slotDate, slotTime: time }))).toEqual([
      { _id: new URL(page.url()).searchParams.get('booked'), docId: DOCTOR, slotDate: tomorrow.key, slotTime },
    ]);
    await page.getByRole('button', { name: 'Cancel appointment' }).waitFor();
    expect(sentByApp).toEqual([]);
  });

  it('books once when Book is tapped again in the old page while the first post is on its way', async () => {
    const { context } = await journey.fresh();
    const { page, patient } = await signedIn(context);
    await blockScripts(page);
    await page.goto(`${stack.siteUrl}/appointment/${DOCTOR}`);
    const slot = await chooseTomorrow(page, 6);
    // Each post reaches the real server at once; its answer reaches the browser only once the
    // second tap has been sent, so the second tap lands in the old page with the first on its way.
    const replies: Array<Promise<APIResponse>> = [];
    let secondTapSent!: () => void;
    const secondTap = new Promise<void>((resolve) => {
      secondTapSent = resolve;
    });
    await page.route(`${stack.siteUrl}/appointment/${DOCTOR}`, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      const reply = route.fetch({ maxRedirects: 0 });
      replies.push(reply);
      await secondTap;
      // The first navigation was replaced by the second: its answer has no one left to take it.
      await route.fulfill({ response: await reply }).catch(() => undefined);
    });
    const post = () => page.waitForRequest((request) => request.method() === 'POST' && request.url() === `${stack.siteUrl}/appointment/${DOCTOR}`);
    const box = await bookButton(page).boundingBox();
    if (!box) throw new Error('Book Appointment is not on screen');
    // Taps as a finger does, where Book shows: Playwright's own click would wait for the pending navigation.
    const tapBook = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const firstPost = post();
    await tapBook();
    await firstPost;
    const secondPost = post();
    await tapBook();
    await secondPost;
    secondTapSent();

    await confirmation(page).waitFor();
    // Both posts reached the server, which booked once and answered both with that booking.
    expect(replies).toHaveLength(2);
    const answers = await Promise.all(replies);
    expect(answers.map((answer) => answer.status())).toEqual([303, 303]);
    expect(answers[0]?.headers().location).toBe(answers[1]?.headers().location);
    const mine = await appointmentsOf(patient);
    expect(mine.map(({ _id, docId, slotDate, slotTime }) => ({ _id, docId, slotDate, slotTime }))).toEqual([
      { _id: new URL(page.url()).searchParams.get('booked'), docId: DOCTOR, ...slot },
    ]);
  });

  it('sends a signed-out patient to login with the chosen time kept', async () => {
    const { page } = await journey.fresh();
    await blockScripts(page);
    await page.goto(`${stack.siteUrl}/appointment/${DOCTOR}`);
    const slot = await chooseTomorrow(page, 2);
    await bookButton(page).click();
    await page.waitForURL(/\/login\?/);
    const next = new URL(page.url()).searchParams.get('next') ?? '';
    expect(next).toBe(`/appointment/${DOCTOR}?date=${slot.slotDate}&time=${slot.slotTime}`);
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
  });

  it('says a time taken since the page was shown is gone, and books nothing', async () => {
    const { context } = await journey.fresh();
    const { page, patient } = await signedIn(context);
    await blockScripts(page);
    await page.goto(`${stack.siteUrl}/appointment/${DOCTOR}`);
    const slot = await chooseTomorrow(page, 3);
    const other = await registerPatient(stack, 'Quicker Patient');
    await bookThroughApi(stack, other.token, { docId: DOCTOR, ...slot });
    await bookButton(page).click();
    await page.getByRole('alert').filter({ hasText: MESSAGES.slotTaken }).waitFor();
    expect(new URL(page.url()).searchParams.get('date')).toBe(slot.slotDate);
    // The page offers the other times; the taken one is gone from them.
    expect(await timeChoice(page, slot.slotTime).count()).toBe(0);
    expect(await appointmentsOf(patient)).toEqual([]);
  });

  it('sends a patient whose session ended to login, time kept, and books nothing', async () => {
    const { context } = await journey.fresh();
    const { page, patient } = await signedIn(context);
    await fetch(`${stack.apiUrl}/api/v1/user/logout`, { method: 'POST', headers: { Authorization: `Bearer ${patient.token}` } });
    await blockScripts(page);
    await page.goto(`${stack.siteUrl}/appointment/${DOCTOR}`);
    const slot = await chooseTomorrow(page, 4);
    await bookButton(page).click();
    await page.waitForURL(/\/login\?/);
    const params = new URL(page.url()).searchParams;
    expect(params.get('reason')).toBe('expired');
    expect(params.get('next')).toBe(`/appointment/${DOCTOR}?date=${slot.slotDate}&time=${slot.slotTime}`);
    const cookies = await context.cookies(stack.siteUrl);
    expect(cookies.some((cookie) => cookie.name === 'carebook_session')).toBe(false);
  });

  it('books with JavaScript off', async () => {
    const { context } = await journey.fresh();
    const { patient } = await signedIn(context);
    const cookie = (await context.cookies(stack.siteUrl)).find((candidate) => candidate.name === 'carebook_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const noScript = await journey.browser.newContext({ javaScriptEnabled: false, storageState: await context.storageState() });
    try {
      const page = await noScript.newPage();
      await page.goto(`${stack.siteUrl}/appointment/${DOCTOR}`);
      const slot = await chooseTomorrow(page, 5);
      await bookButton(page).click();
      await confirmation(page).waitFor();
      const mine = await appointmentsOf(patient);
      expect(mine.map(({ docId, slotDate, slotTime }) => ({ docId, slotDate, slotTime }))).toEqual([{ docId: DOCTOR, ...slot }]);
    } finally {
      await noScript.close();
    }
  });

  it('refuses the form from another origin, even one of the same site (CSRF)', async () => {
    const patient = await registerPatient(stack);
    const tomorrow = clinicTomorrow('UTC');
    const response = await fetch(`${stack.siteUrl}/appointment/${DOCTOR}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: stack.appUrl('pages'),
        'Sec-Fetch-Site': 'same-site',
        Cookie: `carebook_session=${patient.token}`,
      },
      body: new URLSearchParams({ slotDate: tomorrow.key, slotTime: tomorrow.times[6] ?? '', pageKey: '1' }).toString(),
    });
    expect(response.status).toBe(403);
    expect(await appointmentsOf(patient)).toEqual([]);
    // Nor does a confirmation show for an appointment that is not the visitor's.
    const forged = await fetch(`${stack.siteUrl}/appointment/${DOCTOR}?date=${tomorrow.key}&time=10:00&booked=made-up`, { redirect: 'manual' });
    expect(forged.status).toBe(303);
    expect(forged.headers.get('location')).toBe(`/appointment/${DOCTOR}?date=${tomorrow.key}&time=10:00`);
  });
});
