import type { Locator, Page } from 'playwright-core';
import { formatShortDay, formatTime, freeTimesAhead, MESSAGES, parseDateKey, type ClinicInfo, type Doctor } from '@carebook/shared';
import { bookThroughApi, registerPatient, signInPage } from '../testing/browser/api-calls';
import { gotoApp } from '../testing/browser/browser';
import { useSiteJourney } from '../testing/browser/site-journey';
import { selectedSummary, timeChoice } from '../testing/browser/slot-picker';

// The clinic is a day ahead of the browser most of the time: a card must lay its times out in the
// clinic's zone, never the patient's.
const CLINIC_ZONE = 'Pacific/Auckland';
const BROWSER_ZONE = 'America/New_York';
const PHONE = { width: 390, height: 844 };

const journey = useSiteJourney({ stack: () => ({ timeZone: CLINIC_ZONE }), noPageErrors: true });
const { stack } = journey;

/** A card's offered time: where its link goes, and what it names. */
interface CardTime {
  link: Locator;
  href: string;
  label: string;
  docId: string;
  slotDate: string;
  slotTime: string;
}

function slotOf(href: string): Pick<CardTime, 'docId' | 'slotDate' | 'slotTime'> {
  const url = new URL(href, stack.siteUrl);
  return { docId: url.pathname.split('/').at(-1) ?? '', slotDate: url.searchParams.get('date') ?? '', slotTime: url.searchParams.get('time') ?? '' };
}

/** The first time offered on the list's first card. */
async function firstCardTime(page: Page): Promise<CardTime> {
  const link = page
    .getByRole('article')
    .first()
    .getByRole('list', { name: 'Next free times', exact: true })
    .getByRole('link', { name: /^Book / })
    .first();
  const href = (await link.getAttribute('href')) ?? '';
  return { link, href, label: (await link.getAttribute('aria-label')) ?? '', ...slotOf(href) };
}

/** The doctor's page's Book Appointment lies wholly within the phone's first screen, as it is now. */
async function bookOnFirstScreen(page: Page): Promise<boolean> {
  const book = page.getByRole('button', { name: 'Book Appointment', exact: true });
  await book.waitFor();
  return book.evaluate((button) => {
    const box = button.getBoundingClientRect();
    return window.scrollY === 0 && box.top >= 0 && box.bottom <= window.innerHeight && box.height > 0;
  });
}

async function appointmentsOf(token: string): Promise<Array<{ docId: string; slotDate: string; slotTime: string; cancelled: boolean }>> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { appointments: Array<{ docId: string; slotDate: string; slotTime: string; cancelled: boolean }> }).appointments;
}

async function bookedAt(docId: string, slotDate: string): Promise<string[]> {
  const reply = (await (await fetch(`${stack.apiUrl}/api/v1/doctor/all-doctors`)).json()) as { doctors: Doctor[] };
  return reply.doctors.find((doctor) => doctor._id === docId)?.slots_booked[slotDate] ?? [];
}

/** A page of the site in a context of its own: a phone in New York, scripts on or off. */
async function phonePage(javaScriptEnabled: boolean): Promise<Page> {
  const { page } = await journey.fresh({ viewport: PHONE, timezoneId: BROWSER_ZONE });
  if (!javaScriptEnabled) await page.context().route('**/*.js', (route) => route.abort());
  return page;
}

describe('times on the doctor cards', () => {
  it("puts each bookable doctor's next three free times in the server's HTML, in the clinic's zone, as links to that time on the doctor's page", async () => {
    for (const route of ['/', '/doctors']) {
      const html = await (await fetch(`${stack.siteUrl}${route}`)).text();
      const inline = /<script id="carebook-data" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? 'null';
      const data = JSON.parse(inline) as { doctors: Doctor[]; clinic: ClinicInfo; renderedAt: string };
      expect(data.clinic.timeZone).toBe(CLINIC_ZONE);
      const shown = route === '/' ? data.doctors.slice(0, 10) : data.doctors;
      // Every link to a chosen time in the page, in order.
      const offered = [...html.matchAll(/href="(\/appointment\/[^"?]+\?date=[^"]+)"/g)].map((match) => (match[1] ?? '').replace(/&amp;/g, '&'));
      // Exactly what the slot rules give at the instant the page was drawn, from the data it carries.
      const expected = shown.flatMap(
        (doctor) => freeTimesAhead(doctor, new Date(data.renderedAt), CLINIC_ZONE)?.map((time) => `/appointment/${doctor._id}?date=${time.slotDate}&time=${time.slotTime}`) ?? [],
      );
      expect(offered).toEqual(expected);
      expect(offered).toHaveLength(3 * shown.filter((doctor) => doctor.available).length);
      expect(shown.some((doctor) => !doctor.available)).toBe(true);
    }
  });

  it("opens the doctor's page with the time chosen before any script, Book Appointment on a phone's first screen", async () => {
    const page = await phonePage(false);
    await page.goto(`${stack.siteUrl}/doctors`);
    const time = await firstCardTime(page);
    const day = parseDateKey(time.slotDate);
    if (!day) throw new Error(`not a day key: ${time.href}`);
    // What the link shows, then the date: `Book Dr. X, Today 2:30 PM, Tue 24 Nov` or `..., Thu 9:00 AM, 26 Nov`.
    const [weekday, date] = [formatShortDay(day).slice(0, 3), formatShortDay(day).slice(4)];
    expect(time.label).toMatch(new RegExp(`^Book Dr\\. .+, (Today ${formatTime(time.slotTime)}, ${weekday}|Tomorrow ${formatTime(time.slotTime)}, ${weekday}|${weekday} ${formatTime(time.slotTime)},) ${date}$`));
    await time.link.click();
    await page.waitForURL(`${stack.siteUrl}${time.href}`);
    expect(await timeChoice(page, time.slotTime).isChecked()).toBe(true);
    await selectedSummary(page, day, time.slotTime).waitFor();
    expect(await bookOnFirstScreen(page)).toBe(true);
  });

  it("books the list's first time from a phone in two taps (a browser in New York, the clinic in Auckland): the time, then Book Appointment", async () => {
    const patient = await registerPatient(stack);
    const page = await phonePage(true);
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    const time = await firstCardTime(page);
    const day = parseDateKey(time.slotDate);
    if (!day) throw new Error(`not a day key: ${time.href}`);
    await time.link.click();
    await page.waitForURL(`${stack.siteUrl}${time.href}`);
    await selectedSummary(page, day, time.slotTime).waitFor();
    expect(await bookOnFirstScreen(page)).toBe(true);
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.getByRole('heading', { name: 'Your appointment is booked' }).waitFor();
    expect(await appointmentsOf(patient.token)).toEqual([expect.objectContaining({ docId: time.docId, slotDate: time.slotDate, slotTime: time.slotTime, cancelled: false })]);
  });

  it('reaches a time by keyboard and opens it with Enter', async () => {
    const { page } = await journey.fresh({ timezoneId: BROWSER_ZONE });
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    const time = await firstCardTime(page);
    let focused = '';
    for (let presses = 0; presses < 40 && focused !== time.label; presses += 1) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '');
    }
    expect(focused).toBe(time.label);
    await page.keyboard.press('Enter');
    await page.waitForURL(`${stack.siteUrl}${time.href}`);
    await selectedSummary(page, parseDateKey(time.slotDate) ?? { year: 0, month: 0, day: 0 }, time.slotTime).waitFor();
  });

  it('refuses a time taken since the list was drawn with the clear message, books nothing, and the next list no longer offers it', async () => {
    const [patient, other] = await Promise.all([registerPatient(stack), registerPatient(stack)]);
    const page = await phonePage(true);
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    const time = await firstCardTime(page);
    // Someone else takes it while the list is on this patient's screen.
    await bookThroughApi(stack, other.token, { docId: time.docId, slotDate: time.slotDate, slotTime: time.slotTime });
    await time.link.click();
    await page.waitForURL(`${stack.siteUrl}${time.href}`);
    await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await page.getByText(MESSAGES.slotTaken, { exact: true }).waitFor();
    // The page drops the time it learned is gone, and books nothing else in its place.
    await timeChoice(page, time.slotTime).waitFor({ state: 'detached' });
    expect(await page.getByRole('button', { name: 'Book Appointment', exact: true }).isDisabled()).toBe(true);
    expect(await appointmentsOf(patient.token)).toEqual([]);
    expect((await bookedAt(time.docId, time.slotDate)).filter((booked) => booked === time.slotTime)).toHaveLength(1);

    // The host's cached list follows the bookings (its key holds the doctors' version, read again
    // after 100 ms): the next list, drawn by the server, offers that time no more.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const html = await (await fetch(`${stack.siteUrl}/doctors`)).text();
    expect(html).not.toContain(`href="${time.href.replace('&', '&amp;')}"`);
  });

  it("says so on the server's page when the time was taken before the tap, with no script at all", async () => {
    const other = await registerPatient(stack);
    const page = await phonePage(false);
    await page.goto(`${stack.siteUrl}/doctors`);
    const time = await firstCardTime(page);
    await bookThroughApi(stack, other.token, { docId: time.docId, slotDate: time.slotDate, slotTime: time.slotTime });
    await new Promise((resolve) => setTimeout(resolve, 200));
    await time.link.click();
    await page.waitForURL(`${stack.siteUrl}${time.href}`);
    await page.getByText(MESSAGES.chosenSlotGone, { exact: true }).waitFor();
    expect(await timeChoice(page, time.slotTime).count()).toBe(0);
    // Before any script, Book is the page's booking form's button (issue 40's booking before the
    // app): with no time chosen, the browser's own check keeps the form from being sent.
    const book = page.getByRole('button', { name: 'Book Appointment', exact: true });
    expect(await book.evaluate((button) => (button as HTMLButtonElement).form?.checkValidity())).toBe(false);
  });
});
