// The first view (docs/architecture.md, "Server rendering"): the page itself carries the route's
// content, rendered on the server by the same components the browser hydrates, the run-time
// configuration and hints to fetch the route's remote early; the browser takes the server's HTML
// over in place; JS stays within budget; a slow remote shows its region's shape, never a blank area.
import type { Browser, Response } from 'playwright-core';
import { gotoApp, launchBrowser, waitForApp } from '../testing/browser/browser';
import { FIRST_VISIT_JS_BUDGET, FIRST_VISIT_ROUTES } from '../testing/browser/first-visit-routes';
import { weighRoute } from '../testing/browser/route-weight';
import { startStack, type Stack } from '../testing/browser/stack';

let stack: Stack;
let browser: Browser;

beforeAll(async () => {
  [stack, browser] = await Promise.all([startStack(), launchBrowser()]);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await stack?.close();
});

describe('the first view', () => {
  it('is in the page itself: doctors readable and linked with no script at all', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}/doctors/Dermatologist`);
    await page.getByRole('heading', { level: 1, name: 'Find a doctor' }).waitFor();
    const names = await page.locator('main h3').allInnerTexts();
    expect(names.length).toBeGreaterThan(0);
    const doctors = (await (await fetch(`${stack.apiUrl}/api/v1/doctor/all-doctors`)).json()) as {
      doctors: Array<{ _id: string; name: string; specialization: string }>;
    };
    const dermatologists = doctors.doctors.filter((doctor) => doctor.specialization === 'Dermatologist');
    expect(names).toEqual(dermatologists.map((doctor) => doctor.name));
    await page.getByRole('link', { name: `Book Appointment with ${dermatologists[0]?.name}` }).click();
    await page.waitForURL(`${stack.siteUrl}/appointment/${dermatologists[0]?._id}`);
    await page.getByRole('heading', { level: 1, name: dermatologists[0]?.name }).waitFor();
    // The first day with a free time, and its times, as the app shows them.
    expect(await page.getByRole('radiogroup', { name: /^Times on / }).getByRole('radio').count()).toBeGreaterThan(0);
    await context.close();
  });

  it('navigates with no script at all: every link of the menu is an ordinary link to a rendered page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${stack.siteUrl}/`);
    const menu = page.getByRole('navigation', { name: 'Main' });
    for (const [link, heading] of [
      ['All Doctors', 'Find a doctor'],
      ['About', 'About CareBook'],
      ['Contact', 'Contact us'],
    ] as const) {
      await menu.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await page.getByRole('link', { name: 'Log in' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await page.getByLabel('Email').count()).toBe(1);
    const missing = await fetch(`${stack.siteUrl}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Page not found');
    await context.close();
  });

  it.each(['/', '/doctors', '/appointment/doc01'])(
    'on %s, the app takes over the server\'s HTML in place: the same DOM nodes, no layout shift',
    async (route) => {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      // Before any script of the page runs: mark the server's nodes and record layout shifts as
      // Cumulative Layout Shift counts them (not those within 0.5 s of the test's own taps), each
      // with what moved, so a failure says which element shifted.
      await page.addInitScript(() => {
        const state = window as unknown as { __shifts: string[] };
        state.__shifts = [];
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
        };
        const rect = (box: DOMRectReadOnly) => `${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}x${Math.round(box.height)}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            const moved = entry.sources.map((source) => {
              const node = source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : (source.node?.textContent ?? '?');
              return `${node} from ${rect(source.previousRect)} to ${rect(source.currentRect)}`;
            });
            state.__shifts.push(`${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms (app ${document.documentElement.dataset.app ?? 'not ready'}): ${moved.join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
        document.addEventListener('DOMContentLoaded', () => {
          for (const node of Array.from(document.querySelectorAll('main h1, main h2, main article, header nav a'))) {
            (node as HTMLElement & { __fromServer?: boolean }).__fromServer = true;
          }
        });
      });
      await gotoApp(page, `${stack.siteUrl}${route}`);
      // Interactive: the app's own handlers answer (the navbar's menu button opens its menu).
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('navigation', { name: 'Mobile' }).waitFor();
      await page.getByRole('button', { name: 'Close menu' }).click();
      const kept = await page.evaluate(() => {
        const nodes = Array.from(document.querySelectorAll('main h1, main h2, main article, header nav a'));
        return { total: nodes.length, fromServer: nodes.filter((node) => (node as HTMLElement & { __fromServer?: boolean }).__fromServer).length };
      });
      expect(kept.total).toBeGreaterThan(3);
      expect(kept.fromServer).toBe(kept.total);
      expect(await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts)).toEqual([]);
      await context.close();
    },
  );

  it('keeps a password out of the address when the login form is sent before any script: a post, answered with the page again', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const sent: Array<{ method: string; url: string }> = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) sent.push({ method: request.method(), url: request.url() });
    });
    await page.goto(`${stack.siteUrl}/login`);
    await page.getByLabel('Email').fill('patient@example.test');
    await page.getByLabel('Password').fill('a-secret-passphrase');
    await page.getByLabel('Password').press('Enter');
    await page.waitForURL((url) => sent.length >= 2 && url.pathname === '/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(sent.slice(1).map(({ method }) => method)).toEqual(['POST', 'GET']);
    for (const { url } of sent) expect(url).not.toMatch(/passphrase|patient%40/);
    expect(page.url()).toBe(`${stack.siteUrl}/login`);
    await context.close();
  });

  it("shows the home page's sections and Top Doctors tiles in the app's words, so nothing changes at handover", async () => {
    const homeAs = async (javaScriptEnabled: boolean) => {
      const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 1280, height: 900 } });
      const page = await context.newPage();
      await page.goto(`${stack.siteUrl}/`);
      // With script, read the page once the app has taken it over; without, the server's HTML.
      if (javaScriptEnabled) await waitForApp(page);
      await page.getByRole('region', { name: 'Top Doctors', exact: true }).getByRole('article').first().waitFor();
      const headings = await page.locator('main h2').allInnerTexts();
      const top = page.locator('main section').filter({ has: page.getByRole('heading', { level: 2, name: 'Top Doctors', exact: true }) });
      const tiles = await top.locator('article').evaluateAll((articles) =>
        articles.map((article) => (article as HTMLElement).innerText.split('\n').map((line) => line.trim()).filter(Boolean)),
      );
      await context.close();
      return { headings, tiles };
    };
    const [server, app] = await Promise.all([homeAs(false), homeAs(true)]);
    expect(app.tiles).toHaveLength(10);
    expect(app.tiles.flat()).toContain('No reviews yet');
    expect(app.tiles.flat()).toContain('Next free times');
    expect(server).toEqual(app);
  });

  it.each(['/doctors', '/doctors/Dermatologist'])(
    "shows %s in the app's structure and words, its first card where the app's will be",
    async (route) => {
      const listAs = async (javaScriptEnabled: boolean, width: number) => {
        const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${stack.siteUrl}${route}`);
        const cards = page.locator('main article');
        // With script, read the page once the app has taken it over; without, the server's HTML.
        if (javaScriptEnabled) await waitForApp(page);
        await cards.first().waitFor();
        const results = page.locator('section[aria-labelledby="doctor-results-title"]');
        const sidebar = page.getByRole('navigation', { name: 'Specializations' }).getByRole('link');
        const text = {
          heading: await results.getByRole('heading', { level: 2 }).innerText(),
          count: await results.getByRole('status').innerText(),
          sidebar: await sidebar.evaluateAll((links) =>
            links.map((link) => `${link.textContent ?? ''}${link.getAttribute('aria-current') ? ' (current)' : ''}`),
          ),
          cards: await cards.evaluateAll((articles) =>
            articles.map((article) => (article as HTMLElement).innerText.split('\n').map((line) => line.trim()).filter(Boolean)),
          ),
        };
        const firstCard = await cards.first().boundingBox();
        const heading = await page.locator('#doctor-results-title').boundingBox();
        await context.close();
        return { text, firstCard, heading };
      };
      for (const width of [1280, 390]) {
        const [server, app] = await Promise.all([listAs(false, width), listAs(true, width)]);
        expect(server.text).toEqual(app.text);
        expect(app.text.cards.length).toBeGreaterThan(0);
        expect(app.text.count).toMatch(new RegExp(`^${app.text.cards.length} doctors?$`));
        expect(app.text.sidebar.filter((link) => link.endsWith(' (current)'))).toEqual([
          route === '/doctors' ? 'All (current)' : 'Dermatologist (current)',
        ]);
        // Every side of the first card and of the results heading that moves more than 4 px at handover.
        const jumps = (['firstCard', 'heading'] as const).flatMap((key) => {
          const [before, after] = [server[key], app[key]];
          if (!before || !after) return [`${width}px ${key}: missing`];
          return (['x', 'y', 'width', 'height'] as const)
            .filter((side) => Math.abs(before[side] - after[side]) > 4)
            .map((side) => `${width}px ${key}.${side}: ${before[side]} -> ${after[side]}`);
        });
        expect(jumps).toEqual([]);
      }
    },
    120_000,
  );

  it("carries this load's configuration, its data and preload hints for the route's remote", async () => {
    const html = await (await fetch(`${stack.siteUrl}/doctors`, { headers: { 'accept-encoding': 'gzip' } })).text();
    const config = JSON.parse(/<script id="carebook-config" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
      remotes: Record<string, string>;
      releases: Record<string, { id: string } | null>;
    };
    const live = stack.site.releases('doctors').live()?.id;
    expect(config.releases.doctors?.id).toBe(live);
    expect(config.remotes.doctors).toBe(`${stack.appUrl('doctors')}/releases/${live}/hostEntry.js`);
    expect(html).toContain(`<link rel="preload" as="script" href="${config.remotes.doctors}">`);
    expect(html).toMatch(/<script id="carebook-data" type="application\/json">\{"doctors":\[/);
  });

  it("names the host's start scripts in the head of a screen used through the app: the app loads exactly those", async () => {
    const hintsOf = async (route: string): Promise<{ entry: string | undefined; hinted: string[] }> => {
      const html = await (await fetch(`${stack.siteUrl}${route}`)).text();
      return {
        entry: /<script defer src="(\/main\.[0-9a-f]{8}\.js)"/.exec(html)?.[1],
        hinted: [...html.matchAll(/<link rel="preload" as="script" href="(\/[^"]+)">/g)].map((match) => match[1] as string),
      };
    };
    // The list is read and left by a link: it names none (they would share the link with the next page).
    const list = await hintsOf('/doctors');
    expect(list.entry).toBeDefined();
    expect(list.hinted).toEqual([]);
    const { entry, hinted } = await hintsOf('/appointment/doc01');
    expect(entry).toBe(list.entry);
    expect(hinted).toEqual(expect.arrayContaining([expect.stringMatching(/^\/shell\.[0-9a-f]{8}\.js$/)]));
    const context = await browser.newContext();
    const page = await context.newPage();
    const loaded = new Set<string>();
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (request.resourceType() === 'script' && url.origin === stack.siteUrl) loaded.add(url.pathname);
    });
    await gotoApp(page, `${stack.siteUrl}/appointment/doc01`);
    await context.close();
    expect([...loaded].sort()).toEqual([entry, ...hinted].sort());
  });

  it('runs the next page on the scripts the first one fetched, asking the server for none of them again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    const scripts = new Map<string, string>();
    const fetched = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (event) => {
      if (event.type === 'Script' && new URL(event.request.url).origin === stack.siteUrl) scripts.set(event.requestId, new URL(event.request.url).pathname);
    });
    cdp.on('Network.loadingFinished', (event) => {
      const script = scripts.get(event.requestId);
      if (script) fetched.set(script, (fetched.get(script) ?? 0) + event.encodedDataLength);
    });
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    const firstPage = new Map(fetched);
    fetched.clear();
    // A new document (a link followed before the app took over, a reload), not the app's navigation.
    await gotoApp(page, `${stack.siteUrl}/about`);
    await context.close();
    expect(firstPage.size).toBeGreaterThan(3);
    expect([...firstPage.values()].every((bytes) => bytes > 0)).toBe(true);
    // Every script of the host the second page ran came from the cache: no request, not even a 304.
    expect([...fetched.keys()].sort()).toEqual([...firstPage.keys()].sort());
    expect([...fetched].filter(([, bytes]) => bytes > 0)).toEqual([]);
  });

  it('takes the page over without asking the API for the doctors again', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await gotoApp(page, `${stack.siteUrl}/doctors`);
    await page.getByRole('searchbox').or(page.getByRole('textbox', { name: /search/i })).first().waitFor();
    expect(asked.filter((url) => url.includes('/api/v1/doctor/all-doctors'))).toEqual([]);
    await context.close();
  });

  it.each(FIRST_VISIT_ROUTES)('downloads at most 150 KB gzip of JS on a first visit to %s', async (route) => {
    const weight = await weighRoute(browser, `${stack.siteUrl}${route}`, stack.siteUrl);
    expect(weight.js).toBeGreaterThan(50 * 1024);
    expect(weight.js).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET);
  });

  it.each(['/doctors', '/appointment/doc01'])("gives V8 the compile hint in every script a visit to %s runs, the host's and the remote's", async (route) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const scripts: Array<Promise<{ url: string; hinted: boolean }>> = [];
    const onResponse = (response: Response): void => {
      if (response.request().resourceType() === 'script') scripts.push(response.text().then((text) => ({ url: response.url(), hinted: text.startsWith('//# allFunctionsCalledOnLoad\n') })));
    };
    page.on('response', onResponse);
    await page.goto(`${stack.siteUrl}${route}`);
    await page.locator('html[data-app="ready"]').waitFor();
    await page.waitForLoadState('networkidle');
    // No body read may start after this point: one still pending when the context closes would reject.
    page.off('response', onResponse);
    const seen = await Promise.all(scripts);
    await context.close();
    expect(seen.map(({ url }) => new URL(url).origin)).toEqual(expect.arrayContaining([stack.siteUrl, stack.appUrl(route === '/doctors' ? 'doctors' : 'booking')]));
    expect(seen.filter(({ hinted }) => !hinted).map(({ url }) => url)).toEqual([]);
  });

  it("answers a tap on a time before the booking screen's code has arrived, and the app books that time", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${stack.appUrl('booking')}/**`, async (route) => {
      await held;
      await route.continue();
    });
    // Not until "load": the page preloads the booking screen's code, which is held.
    await page.goto(`${stack.siteUrl}/appointment/doc01`, { waitUntil: 'domcontentloaded' });
    // The day's last time: late in the clinic's day, the first free day may have only one left.
    const times = page.getByRole('radiogroup', { name: /^Times on / });
    const chosen = times.getByRole('radio').last();
    const chosenLabel = (await times.locator('label').last().innerText()).trim();
    await chosen.click();
    expect(await chosen.isChecked()).toBe(true);
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    // The host has taken over; the booking screen is still the server's HTML, its code held back.
    // Book is that HTML's own form button, usable already (docs/architecture.md, "Booking before the app").
    expect(await page.getByRole('button', { name: 'Book Appointment' }).isEnabled()).toBe(true);
    expect(await page.getByText('No time selected').isVisible()).toBe(false);
    release();
    await page.getByText(new RegExp(`^Selected: .* · ${chosenLabel}$`)).waitFor();
    expect(await chosen.isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Book Appointment' }).isEnabled()).toBe(true);
    await page.waitForURL((url) => url.searchParams.get('time') !== null);
    await context.close();
  });

  it("holds the app's start while the patient taps the server's page, and starts once they pause (input-pause.ts)", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // The page notes, on its own clock, its last tap and when the app marked it as taken over.
    await page.addInitScript(() => {
      const marks = { lastTap: Number.NaN, ready: Number.NaN };
      Object.assign(window, { __startMarks: marks });
      addEventListener('pointerdown', () => (marks.lastTap = performance.now()), { capture: true });
      new MutationObserver(() => {
        if (document.documentElement.dataset.app === 'ready' && Number.isNaN(marks.ready)) marks.ready = performance.now();
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-app'] });
    });
    // The shell's chunk is held, so the start is still ahead when the taps begin.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/shell\.[0-9a-f]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${stack.siteUrl}/appointment/doc01`, { waitUntil: 'commit' });
    // Past DOMContentLoaded, main.js (a deferred script) has run: it notes taps from here on.
    await page.waitForFunction(() => document.readyState !== 'loading');
    const radios = page.getByRole('radiogroup', { name: /^Times on / }).getByRole('radio');
    const count = await radios.count();
    expect(count).toBeGreaterThan(1);
    const tapping = Date.now();
    let taps = 0;
    // A patient trying times for 1.5 s, one tap every 150 ms; the shell arrives during the first.
    while (Date.now() - tapping < 1500) {
      await radios.nth(taps % count).click();
      taps += 1;
      if (taps === 1) release();
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', undefined, { timeout: 30_000 });
    const marks = await page.evaluate(() => (window as unknown as { __startMarks: { lastTap: number; ready: number } }).__startMarks);
    expect(taps).toBeGreaterThanOrEqual(4);
    expect(marks.lastTap).toBeGreaterThan(0);
    // Not while the taps went on: at least the pause after the last one.
    expect(marks.ready - marks.lastTap).toBeGreaterThanOrEqual(600);
    // And the app took the time last tapped (its booking screen, once its code is there).
    const lastIndex = (taps - 1) % count;
    const lastLabel = (await page.getByRole('radiogroup', { name: /^Times on / }).locator('label').nth(lastIndex).innerText()).trim();
    await page.getByText(new RegExp(`^Selected: .* · ${lastLabel}$`)).waitFor();
    expect(await radios.nth(lastIndex).isChecked()).toBe(true);
    expect(await page.getByRole('button', { name: 'Book Appointment' }).isEnabled()).toBe(true);
    await context.close();
  });

  it("shows a slow remote's region in its shape, with a loading status, until it arrives", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    // The app's own navigation is what shows the region's shape: before the app has taken the page
    // over, About is an ordinary link to the server's rendered page.
    await gotoApp(page, `${stack.siteUrl}/`);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(`${stack.appUrl('pages')}/**`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    const status = page.locator('main [role="status"]');
    await status.waitFor();
    expect(await status.getAttribute('aria-live')).toBe('polite');
    const box = await status.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(300);
    expect(await status.locator('div').count()).toBeGreaterThan(2);
    release();
    await page.getByRole('heading', { level: 1 }).filter({ hasText: /about/i }).first().waitFor();
    await context.close();
  });
});
