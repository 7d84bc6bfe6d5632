import type { Page } from 'playwright-core';
import { registerPatient, signInPage } from '../testing/browser/api-calls';
import { useSiteJourney } from '../testing/browser/site-journey';
import { VIEWPORTS } from '../testing/browser/viewports';
import { gotoApp } from '../testing/browser/browser';

const { stack, fresh } = useSiteJourney();

/** The accessible name (or text) of the focused element and whether it sits inside `selector`. */
const focusInfo = (page: Page, selector: string) =>
  page.evaluate((inside) => {
    const active = document.activeElement as HTMLElement | null;
    return {
      name: active?.getAttribute('aria-label') ?? active?.textContent?.trim() ?? '',
      inside: Boolean(active?.closest(inside)),
    };
  }, selector);

describe('the navbar on a laptop', () => {
  const viewport = VIEWPORTS[0][1];

  it('offers Log in beside Create Account, which opens sign-up mode and comes back', async () => {
    const { page } = await fresh({ viewport });
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Log in', exact: true }).waitFor();
    await header.getByRole('link', { name: 'Create Account', exact: true }).click();
    await page.waitForURL('**/login?mode=signup&next=%2Fdoctors');
    await page.getByRole('heading', { level: 1, name: 'Create Account', exact: true }).waitFor();
    await page.getByLabel('Full Name', { exact: true }).waitFor();
    await page.waitForFunction(() => document.title === 'Create account · CareBook');

    await header.getByRole('link', { name: 'Log in', exact: true }).click();
    await page.waitForURL('**/login?next=%2Fdoctors');
    await page.getByRole('heading', { level: 1, name: 'Login', exact: true }).waitFor();
    await expect(page.getByLabel('Full Name', { exact: true }).count()).resolves.toBe(0);
  });

  it('returns focus to the Profile button when Escape closes its menu', async () => {
    const patient = await registerPatient(stack);
    const { page } = await fresh({ viewport });
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/about`);
    const profile = page.getByRole('button', { name: 'Profile', exact: true });
    await profile.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    expect((await focusInfo(page, '#profile-menu')).inside).toBe(true);
    await page.keyboard.press('Escape');
    await expect(page.locator('#profile-menu').count()).resolves.toBe(0);
    await expect(profile.evaluate((button) => button === document.activeElement)).resolves.toBe(true);
    await expect(profile.getAttribute('aria-expanded')).resolves.toBe('false');
  });
});

describe('the navbar on a phone', () => {
  const viewport = VIEWPORTS[1][1];

  it('traps Tab in the menu and returns focus to the menu button on Escape', async () => {
    const { page } = await fresh({ viewport });
    await gotoApp(page, `${stack.siteUrl}/about`);
    const opener = page.getByRole('button', { name: 'Open menu', exact: true });
    await opener.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    const stops = await menu.locator('a[href], button').count();
    for (let press = 0; press < stops + 2; press += 1) {
      await page.keyboard.press('Tab');
      expect((await focusInfo(page, '#mobile-menu')).inside).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect((await focusInfo(page, '#mobile-menu')).inside).toBe(true);
    await menu.getByRole('link', { name: 'Create Account', exact: true }).waitFor();
    await menu.getByRole('link', { name: 'Log in', exact: true }).waitFor();

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await focusInfo(page, 'header')).toEqual({ name: 'Open menu', inside: true });
  });

  it('shows the account once when logged in: in the menu, not also in the bar', async () => {
    const patient = await registerPatient(stack, 'Ada Phone');
    const { page } = await fresh({ viewport });
    await signInPage(page, stack, patient.token);
    await gotoApp(page, `${stack.siteUrl}/about`);
    await page.getByRole('heading', { level: 1, name: 'About CareBook', exact: true }).waitFor();
    await expect(page.getByRole('button', { name: 'Profile', exact: true }).count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Open menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.getByText('Signed in as Ada Phone', { exact: true }).waitFor();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'My Appointments', exact: true }).count()).resolves.toBe(1);
    await expect(menu.getByRole('link', { name: 'Log in', exact: true }).count()).resolves.toBe(0);
  });
});

describe.each(VIEWPORTS)('toasts on %s', (_name, viewport) => {
  it('never cover the navbar, even two at once', async () => {
    const { page } = await fresh({ viewport });
    await gotoApp(page, `${stack.siteUrl}/login`);
    await page.getByLabel('Email', { exact: true }).fill('nobody@example.com');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    const submit = page.getByRole('button', { name: 'Login', exact: true });
    await submit.click();
    await page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).first().waitFor();
    await submit.click();
    await page.locator('.Toastify__toast').nth(1).waitFor();
    const header = await page.getByRole('banner').boundingBox();
    const toasts = await page.locator('.Toastify__toast').evaluateAll((nodes) =>
      nodes.map((node) => node.getBoundingClientRect().top),
    );
    expect(header).not.toBeNull();
    expect(toasts).toHaveLength(2);
    for (const top of toasts) expect(top).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
  });
});
