import type { Page } from 'playwright-core';
import { generateSlotDays } from '@carebook/shared';
import { bookThroughApi, registerPatient, signInPage, type Patient } from '../testing/browser/api-calls';
import { dayChoice, timeChoice } from '../testing/browser/slot-picker';
import { useSiteJourney } from '../testing/browser/site-journey';
import { VIEWPORTS } from '../testing/browser/viewports';
import { gotoApp, openPage, type TrackedPage } from '../testing/browser/browser';
import { axeViolations } from '../testing/browser/axe';

const journey = useSiteJourney();
const { stack, fresh } = journey;
let patient: Patient;

beforeAll(async () => {
  patient = await registerPatient(stack, 'Axe Patient');
  const day = generateSlotDays({ now: new Date(), timeZone: 'UTC' })[2];
  if (!day) throw new Error('no day');
  await bookThroughApi(stack, patient.token, { docId: 'doc04', slotDate: day.key, slotTime: '16:00' });
});

/** Waits until the route's screen has rendered (its h1, outside any loading state). */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const heading = document.querySelector('main h1');
    return heading && !heading.closest('[role="status"]') && !document.querySelector('main [role="status"]')?.textContent?.includes('Loading');
  });
}

/** Name, route, and what to do there first (`null`: nothing). Every row has all three. */
type State = [string, string, ((page: Page) => Promise<void>) | null];

const tomorrow = () => generateSlotDays({ now: new Date(), timeZone: 'UTC' })[1]!;

const STATES: State[] = [
  ['home', '/', null],
  ['doctor list', '/doctors', null],
  ['filtered list', '/doctors/Dermatologist', null],
  ['doctor page', '/appointment/doc01', null],
  [
    'doctor page with a time chosen',
    '/appointment/doc01',
    async (page) => {
      await dayChoice(page, tomorrow()).click();
      await timeChoice(page, '14:30').click();
    },
  ],
  ['unavailable doctor', '/appointment/doc09', null],
  ['unknown doctor', '/appointment/nobody', null],
  ['login', '/login', null],
  ['sign-up', '/login?mode=signup', null],
  [
    'login with errors',
    '/login',
    async (page) => {
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Please enter a valid email address', { exact: true }).waitFor();
    },
  ],
  ['session expired', '/login?reason=expired', null],
  ['my profile', '/my-profile', null],
  ['my appointments', '/my-appointments', null],
  ['about', '/about', null],
  ['contact', '/contact', null],
  ['not found', '/no/such/page', null],
  [
    'menu open',
    '/about',
    async (page) => {
      const burger = page.getByRole('button', { name: 'Open menu', exact: true });
      if (await burger.isVisible()) {
        await burger.click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
      }
    },
  ],
];

describe.each(VIEWPORTS)('axe on %s', (_name, viewport) => {
  describe.each([
    // A patient who opens /login goes on to the home page, so the login states are a visitor's.
    ['a visitor', false, STATES],
    ['a patient', true, STATES.filter(([, route]) => !route.startsWith('/login'))],
  ] as const)('as %s', (_who, loggedIn, states) => {
    // One browser context per viewport and identity, signed in once: each state is its own full
    // load of its route in it (the server's page, then the app's takeover), as a new context's was.
    let tab: TrackedPage;
    beforeAll(async () => {
      tab = await openPage(journey.browser, { viewport });
      if (loggedIn) await signInPage(tab.page, stack, patient.token);
    });
    afterAll(async () => {
      await tab.context.close();
    });

    it.each(states)('%s (%s) has no violations', async (_state, route, act) => {
      const { page } = tab;
      await gotoApp(page, `${stack.siteUrl}${route}`);
      await settled(page);
      await act?.(page);
      if (loggedIn && route === '/my-appointments') await page.getByText('Dr. Priya Raghunathan').first().waitFor();
      expect(await axeViolations(page)).toEqual([]);
    });
  });

  it('has no violations with the profile menu open and the cancel dialog open', async () => {
    const { page } = await fresh({ viewport });
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/my-appointments`);
    await page.getByText('Dr. Priya Raghunathan').first().waitFor();
    const profile = page.getByRole('button', { name: 'Profile', exact: true });
    if (await profile.isVisible()) {
      await profile.click();
      expect(await axeViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
    }
    await page.getByRole('button', { name: 'Cancel Appointment', exact: true }).first().click();
    await page.getByRole('alertdialog').waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
