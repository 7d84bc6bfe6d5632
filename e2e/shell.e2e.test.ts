import type { Page } from 'playwright-core';
import { registerPatient, signInPage } from '../testing/browser/api-calls';
import { useSiteJourney } from '../testing/browser/site-journey';
import { gotoApp } from '../testing/browser/browser';

const { stack, fresh } = useSiteJourney();

/** Resolves once the route's remote has rendered something in the main region (not the loading state). */
async function remoteContent(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    const text = main?.innerText.trim() ?? '';
    return text !== '' && !main?.querySelector('[role="status"]')?.textContent?.includes('Loading');
  });
}

const unavailable = (page: Page) => page.getByRole('alert').filter({ hasText: 'This part of the site is unavailable' });

describe('the composed site', () => {
  it.each([
    ['/', 'doctors'],
    ['/doctors', 'doctors'],
    ['/doctors/Dermatologist', 'doctors'],
    ['/appointment/doc01', 'booking'],
    ['/login', 'account'],
    ['/my-profile', 'account'],
    ['/my-appointments', 'account'],
    ['/about', 'pages'],
    ['/contact', 'pages'],
  ] as const)('%s renders the %s remote, loaded from its own port', async (route, remote) => {
    const { page, requests, pageErrors } = await fresh();
    await gotoApp(page, `${stack.siteUrl}${route}`);
    await remoteContent(page);
    const liveEntry = `${stack.appUrl(remote)}/releases/${stack.site.releases(remote).live()?.id}/hostEntry.js`;
    expect(requests).toContain(liveEntry);
    await expect(unavailable(page).count()).resolves.toBe(0);
    await expect(page.getByRole('heading', { name: 'Page not found' }).count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
  });

  it('loads exactly one React renderer across the host and the remotes', async () => {
    const { page } = await fresh();
    // React DOM registers itself with the devtools hook once per copy loaded.
    await page.addInitScript(() => {
      const renderers: unknown[] = [];
      Object.assign(window, {
        __renderers: renderers,
        __REACT_DEVTOOLS_GLOBAL_HOOK__: {
          supportsFiber: true,
          renderers: new Map(),
          inject(renderer: unknown) {
            renderers.push(renderer);
            return renderers.length;
          },
          onCommitFiberRoot() {},
          onCommitFiberUnmount() {},
          onPostCommitFiberRoot() {},
          checkDCE() {},
        },
      });
    });
    await gotoApp(page, `${stack.siteUrl}/about`);
    await page.getByRole('heading', { name: 'About CareBook', exact: true }).waitFor();
    await page.getByRole('link', { name: 'All Doctors', exact: true }).first().click();
    await remoteContent(page);
    await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Contact us', exact: true }).waitFor();
    await expect(page.evaluate(() => (window as unknown as { __renderers: unknown[] }).__renderers.length)).resolves.toBe(1);
  });

  it('shows Create Account to visitors and the Profile menu with a token; Logout clears it', async () => {
    const patient = await registerPatient(stack, 'Nora Visitor');
    const { page } = await fresh();
    await gotoApp(page, `${stack.siteUrl}/about`);
    await page.getByRole('link', { name: 'Create Account', exact: true }).waitFor();
    // Log in beside Create Account, which opens sign-up mode (docs/product.md, "Screens").
    await expect(page.getByRole('link', { name: 'Create Account', exact: true }).getAttribute('href')).resolves.toBe(
      '/login?mode=signup&next=%2Fabout',
    );
    await expect(page.getByRole('link', { name: 'Log in', exact: true }).getAttribute('href')).resolves.toBe(
      '/login?next=%2Fabout',
    );
    await expect(page.getByRole('button', { name: 'Profile', exact: true }).count()).resolves.toBe(0);

    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/about`);
    const profile = page.getByRole('button', { name: 'Profile', exact: true });
    await profile.click();
    await expect(page.getByRole('link', { name: 'Create Account', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('link', { name: 'My Profile', exact: true }).waitFor();
    await page.getByRole('link', { name: 'My Appointments', exact: true }).first().waitFor();

    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/login`);
    await expect(page.evaluate(() => window.localStorage.getItem('token'))).resolves.toBeNull();
    await page.getByRole('link', { name: 'Create Account', exact: true }).waitFor();
  });

  it('has a working mobile menu that links My Appointments to /my-appointments', async () => {
    const patient = await registerPatient(stack);
    const { page } = await fresh({ viewport: { width: 360, height: 780 } });
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/`);
    await expect(page.getByRole('navigation', { name: 'Main' }).isVisible()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Open menu', exact: true }).waitFor();
    await expect(page.evaluate(() => document.documentElement.scrollWidth)).resolves.toBeLessThanOrEqual(360);
    // On phones the account is offered once, inside the menu, not also as a Profile button.
    await expect(page.getByRole('button', { name: 'Profile', exact: true }).count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Open menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    await menu.getByRole('navigation', { name: 'Account', exact: true }).waitFor();
    await expect(menu.getByRole('link', { name: 'My Appointments', exact: true }).getAttribute('href')).resolves.toBe(
      '/my-appointments',
    );
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/about`);
    await expect(menu.count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Open menu', exact: true }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Menu' }).count()).resolves.toBe(0);
  });

  it('links My Appointments in the footer to /my-appointments and redirects /appointments there', async () => {
    const { page } = await fresh();
    await gotoApp(page, `${stack.siteUrl}/about`);
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'My Appointments', exact: true });
    await expect(footerLink.getAttribute('href')).resolves.toBe('/my-appointments');
    await gotoApp(page, `${stack.siteUrl}/appointments`);
    await page.waitForURL(`${stack.siteUrl}/my-appointments`);
  });

  it('shows a not-found page with a way home for unknown routes', async () => {
    const { page } = await fresh();
    const response = await gotoApp(page, `${stack.siteUrl}/no/such/page`);
    // A real 404 (crawlers and monitors see it), with the app's page and its way home.
    expect(response?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page', exact: true }).click();
    await page.waitForURL(`${stack.siteUrl}/`);
  });

  it('requires every contact field, thanks the sender for 3 seconds, then clears the form', async () => {
    const { page, requests } = await fresh();
    await gotoApp(page, `${stack.siteUrl}/contact`);
    await page.getByRole('button', { name: 'Send message', exact: true }).click();
    await expect(page.getByText('This field is required', { exact: true }).count()).resolves.toBe(4);
    await expect(page.evaluate(() => document.activeElement?.getAttribute('name'))).resolves.toBe('name');

    await page.getByLabel('Your name', { exact: true }).fill('Lena Park');
    await page.getByLabel('Email address', { exact: true }).fill('lena@example.com');
    await page.getByLabel('Subject', { exact: true }).fill('Opening hours');
    await page.getByLabel('Message', { exact: true }).fill('Are you open on Saturdays?');
    const before = requests.length;
    await page.getByRole('button', { name: 'Send message', exact: true }).click();
    const thanks = page.getByText("Thank you! Your message has been sent successfully. We'll get back to you soon.", {
      exact: true,
    });
    await thanks.waitFor();
    expect(requests.slice(before)).toEqual([]);
    await thanks.waitFor({ state: 'detached', timeout: 6000 });
    await expect(page.getByLabel('Your name', { exact: true }).inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Message', { exact: true }).inputValue()).resolves.toBe('');
  });

  it('keeps working when a remote stops mid-visit, and recovers when it is back', async () => {
    const { page } = await fresh();
    await gotoApp(page, `${stack.siteUrl}/about`);
    await page.getByRole('heading', { name: 'About CareBook', exact: true }).waitFor();

    await stack.site.stopApp('pages');
    try {
      await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
      await unavailable(page).waitFor();
      await page.getByRole('link', { name: 'All Doctors', exact: true }).first().click();
      await page.waitForURL(`${stack.siteUrl}/doctors`);
      await remoteContent(page);
      await expect(unavailable(page).count()).resolves.toBe(0);
    } finally {
      await stack.site.startApp('pages');
    }
    await page.getByRole('link', { name: 'Contact', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Contact us', exact: true }).waitFor();
  });

  it('shows the fallback for a remote that is down on arrival, and Retry loads it once it is back', async () => {
    await stack.site.stopApp('pages');
    const { page } = await fresh();
    try {
      await gotoApp(page, `${stack.siteUrl}/about`);
      await unavailable(page).waitFor();
      await page.getByRole('link', { name: 'Home', exact: true }).first().click();
      await remoteContent(page);
      await expect(unavailable(page).count()).resolves.toBe(0);
      await page.goBack();
      await unavailable(page).waitFor();
    } finally {
      await stack.site.startApp('pages');
    }
    await page.getByRole('button', { name: 'Retry', exact: true }).click();
    await page.getByRole('heading', { name: 'About CareBook', exact: true }).waitFor();
  });
});
