import fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import { formatLongDay, formatShortDay, formatTime, type SlotDay } from '@carebook/shared';
import { launchBrowser, openPage } from '../testing/browser/browser';
import { startClinicSite, type ClinicSite } from '../testing/browser/clinic-site';
import { pageStorage, recordEmbedEvents, waitForEmbedEvent } from '../testing/browser/embed-probes';
import { freePort } from '../testing/node/free-port';
import { clinicTomorrow } from '../testing/browser/slot-picker';
import { startStack, type Stack } from '../testing/browser/stack';

// Integrators' pages beyond the examples: one with its own React 18 app, one calling CareBook
// before the async loader arrived, one keeping the patient's session across a reload.
const SHOTS = '/tmp/embed-shots';
const SESSION_KEY = 'carebook:widget-session';

let stack: Stack;
let browser: Browser;
let clinic: ClinicSite;

beforeAll(async () => {
  const port = await freePort();
  stack = await startStack({ env: { CORS_ORIGINS: `http://127.0.0.1:${port}` } });
  clinic = await startClinicSite({ port, bookingOrigin: stack.appUrl('booking'), apiUrl: stack.apiUrl });
  browser = await launchBrowser();
  fs.mkdirSync(SHOTS, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await clinic?.close();
  await stack?.close();
});

function tomorrow(): SlotDay {
  return clinicTomorrow('UTC');
}

async function pickSlot(widget: Locator, day: SlotDay, time: string): Promise<void> {
  await widget.getByRole('radio', { name: formatShortDay(day), exact: true }).click();
  await widget.getByRole('radio', { name: formatTime(time), exact: true }).click();
  await widget.getByRole('button', { name: 'Book Appointment', exact: true }).click();
}

async function signUpInside(widget: Locator, name: string, email: string): Promise<void> {
  await widget.getByRole('button', { name: 'Sign up here', exact: true }).click();
  await widget.getByLabel('Full Name', { exact: true }).fill(name);
  await widget.getByLabel('Email', { exact: true }).fill(email);
  await widget.getByLabel('Password', { exact: true }).fill('widget-pass-1');
  await widget.getByRole('button', { name: 'Create account', exact: true }).click();
  // The paragraph also holds the Log out button: its text is more than the sentence.
  await widget.getByText(`Signed in as ${name}.`).waitFor();
}

/** The accessible name of the focused element, through the widget's shadow root. */
function focusedText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    let active: Element | null = document.activeElement;
    while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
    return active?.textContent?.trim() ?? null;
  });
}

describe("the embed on integrators' own pages", () => {
  it('books on a page running its own React 18 app, which keeps working; then confirms in the widget', async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await recordEmbedEvents(page);
    await page.goto(clinic.url('react18.html'));
    const counter = page.locator('#clinic-counter');
    await counter.click();
    await page.getByText('Clinic counter: 1', { exact: true }).waitFor();

    const widget = page.locator('[data-carebook-doctor="doc01"]');
    await widget.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    const day = tomorrow();
    await pickSlot(widget, day, '15:30');
    await signUpInside(widget, 'Rhea Reacteighteen', `react18-${Date.now()}@example.com`);
    await widget.getByRole('button', { name: 'Book Appointment', exact: true }).click();

    const booked = await waitForEmbedEvent(page, 'carebook:booked');
    expect(booked.detail).toMatchObject({ docId: 'doc01', slotDate: day.key, slotTime: '15:30' });
    // The confirmation: doctor, date, 12-hour time, address; focus on its heading.
    const confirmation = widget.getByRole('region', { name: 'Your appointment is booked' });
    await confirmation.waitFor();
    await confirmation.getByText('Dr. Amara Lindqvist, General Physician', { exact: true }).waitFor();
    await confirmation.getByText(formatLongDay(day), { exact: true }).waitFor();
    await confirmation.locator('dd', { hasText: '3:30 PM' }).waitFor();
    expect(await confirmation.getByRole('status').textContent()).toBe(`Dr. Amara Lindqvist, ${formatLongDay(day)} at 3:30 PM.`);
    expect(await focusedText(page)).toBe('✓ Your appointment is booked');
    expect(await widget.getByRole('button', { name: 'Book Appointment', exact: true }).count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/widget-confirmation-1280.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/widget-confirmation-390.png`, fullPage: true });

    // Add to calendar works from inside the widget with its in-memory token.
    const [download] = await Promise.all([page.waitForEvent('download'), confirmation.getByRole('button', { name: 'Add to calendar', exact: true }).click()]);
    const ics = fs.readFileSync(await download.path(), 'utf8');
    expect(ics).toContain('BEGIN:VEVENT');
    expect(ics).toContain('Dr. Amara Lindqvist');

    // Book another time: back to the picker, focus in its day strip.
    await confirmation.getByRole('button', { name: 'Book another time', exact: true }).click();
    await widget.getByRole('button', { name: 'Book Appointment', exact: true }).waitFor();
    expect(await confirmation.count()).toBe(0);

    // The page's own React app still works, and it is still React 18.
    await counter.click();
    await page.getByText('Clinic counter: 2', { exact: true }).waitFor();
    const versions = await page.evaluate(() => {
      const globals = window as unknown as { React: { version: string }; ReactDOM: { version: string } };
      return { react: globals.React.version, reactDom: globals.ReactDOM.version };
    });
    // react-dom 18.3.1's UMD build names itself `18.3.1-next-<commit>-<date>`.
    expect(versions.react).toBe('18.3.1');
    expect(versions.reactDom).toMatch(/^18\.3\.1/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('replays a call made through the README stub before the async loader arrived', async () => {
    const { page, context, pageErrors } = await openPage(browser);
    // Hold embed.js back, so the page's call certainly comes first.
    await page.route('**/embed.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto(clinic.url('queued.html'));
    expect(await page.evaluate(() => (window as unknown as { queued: { loaderWasThere: boolean } }).queued.loaderWasThere)).toBe(false);
    const dialog = page.getByRole('dialog', { name: 'Book an appointment', exact: true });
    await dialog.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    await page.waitForFunction(() => (window as unknown as { queued: { result: string } }).queued.result !== 'pending');
    expect(await page.evaluate(() => (window as unknown as { queued: { result: string } }).queued.result)).toBe('opened');
    // The real API replaced the stub, and the queued trigger gets focus back on close.
    expect(await page.evaluate(() => window.CareBook !== undefined && !('q' in window.CareBook))).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('opener');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("with persist: 'session' a reload keeps the patient signed in and books without asking again; log out clears it", async () => {
    const { page, context, pageErrors } = await openPage(browser);
    await recordEmbedEvents(page);
    await page.goto(clinic.url('persist.html'));
    const widget = page.locator('[data-carebook-doctor="doc01"]');
    await widget.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    const day = tomorrow();
    await pickSlot(widget, day, '16:00');
    await signUpInside(widget, 'Pearl Persist', `persist-${Date.now()}@example.com`);
    const stored = await page.evaluate(() => Object.keys(sessionStorage));
    expect(stored).toEqual([SESSION_KEY]);
    expect(await pageStorage(page)).toMatchObject({ local: 0, session: 1, cookie: '' });

    await page.reload();
    await widget.getByText('Signed in as Pearl Persist.').waitFor();
    await pickSlot(widget, day, '16:30');
    // Booked with no login form in between.
    await widget.getByRole('region', { name: 'Your appointment is booked' }).waitFor();
    expect(await widget.getByLabel('Password', { exact: true }).count()).toBe(0);
    expect((await waitForEmbedEvent(page, 'carebook:booked')).detail).toMatchObject({ slotDate: day.key, slotTime: '16:30' });

    await widget.getByRole('button', { name: 'Log out', exact: true }).click();
    await page.waitForFunction(() => sessionStorage.length === 0);
    await page.reload();
    await widget.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    expect(await widget.getByText('Signed in as', { exact: false }).count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
