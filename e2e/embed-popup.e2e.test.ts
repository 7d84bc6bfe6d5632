import type { Browser, Page } from 'playwright-core';
import { formatShortDay, formatTime, MESSAGES, type SlotDay } from '@carebook/shared';
import { registerPatient } from '../testing/browser/api-calls';
import { launchBrowser, openPage } from '../testing/browser/browser';
import { startClinicSite, type ClinicSite } from '../testing/browser/clinic-site';
import { deepFocus, embedEvents, pageStorage, recordEmbedEvents, waitForEmbedEvent } from '../testing/browser/embed-probes';
import { freePort } from '../testing/node/free-port';
import { clinicTomorrow } from '../testing/browser/slot-picker';
import { startStack, type Stack } from '../testing/browser/stack';
import { axeViolations } from '../testing/browser/axe';

let stack: Stack;
let browser: Browser;
let clinic: ClinicSite;

beforeAll(async () => {
  const port = await freePort();
  stack = await startStack({ env: { CORS_ORIGINS: `http://127.0.0.1:${port}` } });
  clinic = await startClinicSite({ port, bookingOrigin: stack.appUrl('booking'), apiUrl: stack.apiUrl });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await clinic?.close();
  await stack?.close();
});

function tomorrow(): SlotDay {
  return clinicTomorrow('UTC');
}

async function expectFocusInDialog(page: Page): Promise<string> {
  const focus = await deepFocus(page);
  expect(focus?.inDialog).toBe(true);
  return focus?.label ?? '';
}

describe('the one-snippet embed, popup mode', () => {
  it('opens an accessible modal dialog: focus kept inside, Escape closes, focus back on the button', async () => {
    const { page, context, pageErrors } = await openPage(browser);
    // With only popup buttons on the page, the widget downloads when the browser is idle, before any click.
    const preloaded = page.waitForRequest(/\/embed-widget\.[0-9a-f]{8}\.js$/);
    await page.goto(clinic.url('example/popup.html'));
    await preloaded;
    expect(await page.getByRole('dialog').count()).toBe(0);
    const opener = page.getByRole('button', { name: 'Book with Dr. Lindqvist', exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: 'Book an appointment', exact: true });
    await dialog.getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await expectFocusInDialog(page)).toBe('Close');
    // label-content-name-mismatch: the slot picker's day buttons, see embed-snippet.e2e.test.ts.
    expect(await axeViolations(page, { within: '[data-carebook-dialog]', disable: ['label-content-name-mismatch'] })).toEqual([]);

    // Shift+Tab from the first control wraps to the last, Tab from there back to the first.
    await page.keyboard.press('Shift+Tab');
    expect(await expectFocusInDialog(page)).not.toBe('Close');
    await page.keyboard.press('Tab');
    expect(await expectFocusInDialog(page)).toBe('Close');
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      await expectFocusInDialog(page);
    }
    // The page behind is inert while the dialog is open.
    await opener.click({ timeout: 1000, trial: true }).then(
      () => Promise.reject(new Error('the page behind the dialog took a click')),
      () => undefined,
    );

    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await deepFocus(page)).toEqual({ label: 'Book with Dr. Lindqvist', inDialog: false });

    // The Close button does the same, from the keyboard too.
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await deepFocus(page))?.label).toBe('Book with Dr. Lindqvist');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('an existing patient logs in inside the dialog and books; the event reaches the button', async () => {
    const patient = await registerPatient(stack, 'Pia Popup');
    const { page, context, pageErrors } = await openPage(browser, { viewport: { width: 390, height: 844 } });
    await recordEmbedEvents(page);
    const day = tomorrow();
    await page.goto(clinic.url('example/popup.html'));
    await page.getByRole('button', { name: 'Book with Dr. Marsh', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an appointment', exact: true });
    await dialog.getByRole('heading', { level: 2, name: 'Dr. Helena Marsh', exact: true }).waitFor();
    await dialog.getByRole('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: 'e2e/artifacts/embed-popup-390.png' });

    await dialog.getByRole('radio', { name: formatShortDay(day), exact: true }).click();
    await dialog.getByRole('radio', { name: formatTime('20:30'), exact: true }).click();
    // Themed by the page: --cb-color-primary on the button, data-carebook-radius on it too.
    const book = dialog.getByRole('button', { name: 'Book Appointment', exact: true });
    expect(await book.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe('rgb(124, 45, 18)');
    const slotRadius = await dialog
      .getByRole('radio', { name: formatTime('20:30'), exact: true })
      // The chip drawn for the radio button: the label's text, next to it.
      .evaluate((radio) => (radio.nextElementSibling ? getComputedStyle(radio.nextElementSibling).borderTopLeftRadius : 'no chip'));
    expect(slotRadius).toBe('4px');
    await book.click();
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog.getByText(MESSAGES.invalidEmail, { exact: true }).waitFor();
    await dialog.getByLabel('Email', { exact: true }).fill(patient.email);
    await dialog.getByLabel('Password', { exact: true }).fill('not-the-password');
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog.getByText(MESSAGES.wrongCredentials, { exact: true }).waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill(patient.password);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog.getByText('Signed in as Pia Popup.').waitFor();
    await dialog.getByRole('button', { name: 'Book Appointment', exact: true }).click();
    await dialog.getByText(MESSAGES.appointmentBooked, { exact: true }).waitFor();

    const booked = await waitForEmbedEvent(page, 'carebook:booked');
    expect(booked.target).toBe('BUTTON[doc03]');
    expect(booked.detail).toMatchObject({ docId: 'doc03', doctorName: 'Dr. Helena Marsh', slotDate: day.key, slotTime: '20:30' });
    expect(booked.detail.appointmentId).toEqual(expect.any(String));
    expect((await embedEvents(page, 'carebook:login')).map((event) => event.detail)).toEqual([{ docId: 'doc03', via: 'login' }]);

    // The session lasts for the page's life: closed and reopened, the dialog is still signed in.
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Book with Dr. Lindqvist', exact: true }).click();
    await dialog.getByText('Signed in as Pia Popup.').waitFor();
    expect(await pageStorage(page)).toEqual({ local: 0, session: 0, cookie: '' });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('looks right at 1280 px', async () => {
    const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.goto(clinic.url('example/popup.html'));
    await page.getByRole('button', { name: 'Book with Dr. Lindqvist', exact: true }).click();
    await page.getByRole('dialog').getByRole('heading', { level: 2, name: 'Dr. Amara Lindqvist', exact: true }).waitFor();
    await page.getByRole('dialog').getByRole('img').evaluate((img: HTMLImageElement) => img.decode());
    await page.screenshot({ path: 'e2e/artifacts/embed-popup-1280.png' });
    await context.close();
  });
});
