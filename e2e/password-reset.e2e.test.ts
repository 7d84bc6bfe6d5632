import { MESSAGES } from '@carebook/shared';
import { useSmtpCatcher } from '../testing/node/smtp-catcher';
import { registerPatient } from '../testing/browser/api-calls';
import { useSiteJourney } from '../testing/browser/site-journey';
import { VIEWPORTS } from '../testing/browser/viewports';
import { gotoApp } from '../testing/browser/browser';

const smtp = useSmtpCatcher();
const { stack, fresh } = useSiteJourney({ stack: () => ({ env: { SMTP_URL: smtp.url, MAIL_POLL_MS: '200' } }) });

async function profileStatus(token: string): Promise<number> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/get-profile`, { headers: { Authorization: `Bearer ${token}` } });
  return response.status;
}

describe.each(VIEWPORTS)('forgot password on %s', (name, viewport) => {
  it('emails a link that sets a new password, logs in, and ends the old session', async () => {
    const patient = await registerPatient(stack, 'Reset Journey');
    expect(await profileStatus(patient.token)).toBe(200);
    const { page, pageErrors } = await fresh({ viewport });

    await gotoApp(page, `${stack.siteUrl}/login`);
    await page.getByRole('link', { name: 'Forgot password?', exact: true }).click();
    await page.waitForURL('**/reset-password');
    await page.getByRole('heading', { level: 1, name: 'Forgot password?', exact: true }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await page.getByRole('status').getByText(MESSAGES.resetLinkSent, { exact: true }).waitFor();
    await page.screenshot({ path: `/tmp/carebook-forgot-${name}.png` });

    const [mail] = await smtp.waitFor((m) => m.to === patient.email);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/reset-password#token=[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1];
    expect(link?.startsWith(`${stack.siteUrl}/reset-password#token=`)).toBe(true);

    await gotoApp(page, link ?? '');
    await page.getByRole('heading', { level: 1, name: 'Choose a new password', exact: true }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();
    await page.getByText(MESSAGES.shortPassword, { exact: true }).waitFor();
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('brand-new-pass');
    await page.screenshot({ path: `/tmp/carebook-new-password-${name}.png` });
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();

    await page.waitForURL('**/my-appointments');
    await page.getByText(MESSAGES.passwordResetDone, { exact: true }).waitFor();
    expect(await profileStatus(patient.token)).toBe(401);
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(await profileStatus(token ?? '')).toBe(200);

    // Log out and in again with the new password; the used link now says so.
    await page.evaluate(() => window.localStorage.removeItem('token'));
    await gotoApp(page, `${stack.siteUrl}/login`);
    await page.getByLabel('Email', { exact: true }).fill(patient.email);
    await page.getByLabel('Password', { exact: true }).fill('brand-new-pass');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText(MESSAGES.loggedIn, { exact: true }).waitFor();

    await gotoApp(page, link ?? '');
    await page.getByLabel('New password', { exact: true }).fill('another-pass');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('another-pass');
    await page.getByRole('button', { name: 'Set new password', exact: true }).click();
    await page.getByRole('alert').getByText(MESSAGES.resetLinkUsed, { exact: true }).waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('gives an unknown address the same answer and sends nothing', async () => {
    const { page } = await fresh({ viewport });
    const unknown = `nobody-${name}-${Date.now()}@example.com`;
    await gotoApp(page, `${stack.siteUrl}/reset-password`);
    await page.getByLabel('Email', { exact: true }).fill(unknown);
    await page.getByRole('button', { name: 'Send reset link', exact: true }).click();
    await page.getByRole('status').getByText(MESSAGES.resetLinkSent, { exact: true }).waitFor();
    await new Promise((r) => setTimeout(r, 1_000));
    expect(smtp.to(unknown)).toEqual([]);
  });
});
