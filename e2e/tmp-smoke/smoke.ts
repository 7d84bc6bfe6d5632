import fs from 'node:fs';
import { launchBrowser } from '../support/browser';
import { startStack } from '../support/stack';

async function main(): Promise<void> {
  const stack = await startStack();
  console.log('site', stack.siteUrl);
  try {
    for (const route of ['/', '/doctors', '/doctors/Dermatologist', '/appointment/doc01', '/about', '/contact', '/login', '/my-appointments', '/nope']) {
      const started = Date.now();
      const response = await fetch(`${stack.siteUrl}${route}`);
      const html = await response.text();
      fs.writeFileSync(`/tmp/ssr${route.replace(/\//g, '_') || '_'}.html`, html);
      console.log(route, response.status, html.length, Date.now() - started, 'ms', /<main[^>]*>([\s\S]{0,200})/.exec(html)?.[1]?.replace(/\s+/g, ' '));
    }
    const browser = await launchBrowser();
    const page = await browser.newPage();
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
    for (const [route, width] of [['/doctors', 1280], ['/', 390], ['/appointment/doc01', 390]] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${stack.siteUrl}${route}`);
      await page.waitForTimeout(2500);
      await page.screenshot({ path: `/tmp/ssr${route.replace(/\//g, '_')}-${width}.png` });
    }
    console.log(messages.join('\n'));
    await browser.close();
  } finally {
    await stack.close();
  }
}
void main();
