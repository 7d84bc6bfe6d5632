import type { Browser } from 'playwright-core';
import { formatShortDay, formatTime, MESSAGES, type Appointment, type SlotDay } from '@carebook/shared';
import { launchBrowser, openPage } from '../testing/browser/browser';
import { startClinicSite, type ClinicSite } from '../testing/browser/clinic-site';
import { deepFocus, embedEvents, pageStorage, recordEmbedEvents, waitForEmbedEvent } from '../testing/browser/embed-probes';
import { freePort } from '../testing/node/free-port';
import { clinicTomorrow } from '../testing/browser/slot-picker';
import { startStack, type Stack } from '../testing/browser/stack';
import { axeViolations } from '../testing/browser/axe';

// The integrator's page is on its own origin and in its own zone: slots follow the clinic's.
const CLINIC_ZONE = 'Europe/Berlin';

let stack: Stack;
let browser: Browser;
let clinic: ClinicSite;

beforeAll(async () => {
  const port = await freePort();
  stack = await startStack({ timeZone: CLINIC_ZONE, env: { CORS_ORIGINS: `http://127.0.0.1:${port}` } });
  clinic = await startClinicSite({ port, bookingOrigin: stack.appUrl('booking'), apiUrl: stack.apiUrl });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await clinic?.close();
  await stack?.close();
});

function tomorrow(): SlotDay {
  return clinicTomorrow(CLINIC_ZONE);
}

async function appointmentsOf(email: string, password: string): Promise<Appointment[]> {
  const login = await fetch(`${stack.apiUrl}/api/v1/user/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const { token } = (await login.json()) as { token: string };
  const reply = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await reply.json()) as { appointments: Appointment[] }).appointments;
}

describe('the one-snippet embed, inline, on a page that is not ours', () => {
  it('a visitor picks a time, signs up inside the widget and books it with one more tap', async () => {
    const { page, context, pageErrors, requests } = await openPage(browser, { timezoneId: 'Pacific/Auckland' });
    await recordEmbedEvents(page);
    const day = tomorrow();
    const email = `inline${Date.now()}@example.com`;
    await page.goto(clinic.url('example/inline.html'));
    const widget = page.locator('[data-carebook-doctor="doc01"]');
    await widget.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    expect((await waitForEmbedEvent(page, 'carebook:ready')).detail).toEqual({ docId: 'doc01', doctorName: 'Dr. Amara Lindqvist' });
    await page.screenshot({ path: 'e2e/artifacts/embed-inline-1280.png', fullPage: true });

    await widget.getByRole('radio', { name: formatShortDay(day), exact: true }).click();
    await widget.getByRole('radio', { name: formatTime('15:00'), exact: true }).click();
    await widget.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    // Login opens inside the widget; this visitor has no account yet.
    await widget.getByRole('heading', { name: 'Login', exact: true }).waitFor();
    await widget.getByRole('button', { name: 'Sign up here', exact: true }).click();
    await widget.getByRole('button', { name: 'Create account', exact: true }).click();
    await widget.getByText(MESSAGES.invalidName, { exact: true }).waitFor();
    await page.screenshot({ path: 'e2e/artifacts/embed-inline-sign-up-1280.png', fullPage: true });
    await widget.getByLabel('Full Name', { exact: true }).fill('Ines Inline');
    await widget.getByLabel('Email', { exact: true }).fill(email);
    await widget.getByLabel('Password', { exact: true }).fill('inline-pass-1');
    await widget.getByRole('button', { name: 'Create account', exact: true }).click();
    await widget.getByText(MESSAGES.registered, { exact: true }).waitFor();

    // The chosen time survived the sign-up, and the Book button has focus: one more tap.
    await widget.getByText(`Selected: ${formatShortDay(day)} · ${formatTime('15:00')}`, { exact: true }).waitFor();
    await page.waitForFunction(() => {
      let active: Element | null = document.activeElement;
      while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
      return active?.textContent === 'Book Appointment';
    });
    expect((await deepFocus(page))?.label).toBe('Book Appointment');
    await page.keyboard.press('Enter');
    await widget.getByText(MESSAGES.appointmentBooked, { exact: true }).waitFor();

    const booked = await waitForEmbedEvent(page, 'carebook:booked');
    expect(booked.target).toBe('DIV[doc01]');
    expect(booked.detail).toMatchObject({ docId: 'doc01', doctorName: 'Dr. Amara Lindqvist', slotDate: day.key, slotTime: '15:00', message: MESSAGES.appointmentBooked });
    expect(typeof booked.detail.appointmentId).toBe('string');
    expect((await embedEvents(page, 'carebook:login')).map((event) => event.detail)).toEqual([{ docId: 'doc01', via: 'sign-up' }]);
    // The example page shows the event's details: the integrator's own code ran on it.
    await page.getByText(`(appointment ${String(booked.detail.appointmentId)})`).waitFor();

    const [appointment] = await appointmentsOf(email, 'inline-pass-1');
    expect(appointment).toMatchObject({ _id: booked.detail.appointmentId, docId: 'doc01', slotDate: day.key, slotTime: '15:00', cancelled: false });

    // Nothing went into the page's storage or cookies, on any origin.
    expect(await pageStorage(page)).toEqual({ local: 0, session: 0, cookie: '' });
    expect(await context.storageState()).toEqual({ cookies: [], origins: [] });
    // Only the loader and its one widget chunk came from the booking remote; no federation container.
    const fromBooking = requests.filter((url) => url.startsWith(stack.appUrl('booking'))).map((url) => new URL(url).pathname);
    expect(fromBooking).toEqual(['/embed.js', expect.stringMatching(/^\/embed-widget\.[0-9a-f]{8}\.js$/)]);
    expect(await embedEvents(page, 'carebook:error')).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("the page's CSS does not restyle the widget, and the widget's styles stay inside it", async () => {
    const { page, context, pageErrors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await page.goto(clinic.url('example/inline.html'));
    const widget = page.locator('[data-carebook-doctor="doc01"]');
    const heading = widget.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true });
    await heading.waitFor();
    const day = tomorrow();
    await widget.getByRole('radio', { name: formatShortDay(day), exact: true }).click();
    const book = widget.getByRole('button', { name: 'Book Appointment', exact: true });
    await widget.getByRole('radio', { name: formatTime('10:00'), exact: true }).click();
    await page.screenshot({ path: 'e2e/artifacts/embed-inline-390.png', fullPage: true });

    const style = await book.evaluate((button) => {
      const computed = getComputedStyle(button);
      return { background: computed.backgroundColor, color: computed.color, fontSize: computed.fontSize, letterSpacing: computed.letterSpacing, border: computed.borderTopStyle };
    });
    // data-carebook-primary-color="#0f766e" themes it; red, yellow, 30px, 3px and dashed do not reach it.
    expect(style).toEqual({ background: 'rgb(15, 118, 110)', color: 'rgb(255, 255, 255)', fontSize: '16px', letterSpacing: 'normal', border: 'none' });
    const headingStyle = await heading.evaluate((element) => {
      const computed = getComputedStyle(element);
      return { fontSize: computed.fontSize, color: computed.color, transform: computed.textTransform };
    });
    expect(headingStyle.fontSize).not.toBe('60px');
    expect(headingStyle.color).not.toBe('rgb(255, 165, 0)');
    expect(headingStyle.transform).toBe('none');

    // The page's own elements keep the page's rules and get none of the widget's.
    const pageSide = await page.evaluate(() => ({
      sheets: document.querySelectorAll('style, link[rel="stylesheet"]').length,
      adopted: document.adoptedStyleSheets.length,
      h1Font: getComputedStyle(document.querySelector('h1') as Element).fontFamily,
      rootToken: getComputedStyle(document.documentElement).getPropertyValue('--cb-color-primary'),
    }));
    expect(pageSide).toEqual({ sheets: 2, adopted: 0, h1Font: '"Comic Sans MS", cursive', rootToken: '' });
    // Not checked here: the slot picker's day buttons ("Mon 23" named "Monday 23 November") are
    // the booking screen's, checked with its own tests; the same markup is on the site's doctor page.
    expect(await axeViolations(page, { within: '[data-carebook-doctor]', disable: ['label-content-name-mismatch'] })).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('lays itself out for the space it is given, not for the window', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(clinic.url('example/inline.html'));
    await page.addStyleTag({ content: '[data-carebook-doctor] { width: 360px; }' });
    const widget = page.locator('[data-carebook-doctor="doc01"]');
    const heading = widget.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true });
    await heading.waitFor();
    const photo = await widget.getByRole('img', { name: 'Portrait of Dr. Amara Lindqvist' }).boundingBox();
    const name = await heading.boundingBox();
    // One column, as on a phone: the photo above the name, within the 360 px column.
    expect(photo && name && photo.y + photo.height <= name.y).toBe(true);
    expect(photo && photo.width <= 360).toBe(true);
    await context.close();
  });

  it('works under a strict Content Security Policy, beside the page\'s own React and share scope', async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await page.goto(clinic.url('strict.html'));
    const widget = page.locator('[data-carebook-doctor="doc01"]');
    await widget.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    await widget.getByRole('img', { name: 'Portrait of Dr. Amara Lindqvist' }).evaluate((img: HTMLImageElement) => img.decode());
    // The widget's stylesheet applies (a pill-shaped Book button) with no 'unsafe-inline' allowed.
    const radius = await widget
      .getByRole('button', { name: 'Book Appointment', exact: true })
      .evaluate((button) => getComputedStyle(button).borderTopLeftRadius);
    expect(radius).toBe('999px');
    const state = await page.evaluate(() => ({
      violations: (window as unknown as { violations: string[] }).violations,
      react: (window as unknown as { React: { version: string } }).React.version,
    }));
    expect(state).toEqual({ violations: [], react: '18.3.1' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('says so in the page and by carebook:error when the widget cannot be downloaded', async () => {
    const { page, context } = await openPage(browser);
    await recordEmbedEvents(page);
    await page.route('**/embed-widget.*.js', (route) => route.abort());
    await page.goto(clinic.url('example/inline.html'));
    const error = await waitForEmbedEvent(page, 'carebook:error');
    expect(error.target).toBe('DIV[doc01]');
    expect(error.detail.message).toMatch(/^Online booking is unavailable right now/);
    await page.getByText('Online booking is unavailable right now. Please try again later.', { exact: true }).waitFor();
    await context.close();
  });

  it('loads only the small loader on a page with nothing to embed, which can still embed by code', async () => {
    const { page, context, requests, pageErrors } = await openPage(browser);
    await page.goto(clinic.url('plain.html'));
    await page.waitForFunction(() => 'CareBook' in window);
    await page.waitForTimeout(500);
    expect(requests.filter((url) => url.startsWith(stack.appUrl('booking'))).map((url) => new URL(url).pathname)).toEqual(['/embed.js']);

    // The same page can still embed by code: CareBook.inline, CareBook.popup, CareBook.close.
    await page.evaluate(async (apiUrl) => {
      const element = document.createElement('section');
      element.id = 'by-code';
      document.body.append(element);
      await window.CareBook?.inline({ element, docId: 'doc03', apiUrl });
    }, stack.apiUrl);
    await page.locator('#by-code').getByRole('heading', { level: 2, name: 'Dr. Helena Marsh', exact: true }).waitFor();
    await page.evaluate((apiUrl) => window.CareBook?.popup({ docId: 'doc01', apiUrl }), stack.apiUrl);
    const dialog = page.getByRole('dialog', { name: 'Book an appointment', exact: true });
    await dialog.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    await page.evaluate(() => window.CareBook?.close());
    await dialog.waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
