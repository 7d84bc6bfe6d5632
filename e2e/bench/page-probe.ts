import type { Browser, BrowserContext, Page } from 'playwright-core';
import { emulateProfile, type NetworkProfile } from './network-profiles';

/** Something a document reported: `at` is ms after that document's `origin` (performance.timeOrigin, epoch ms). */
export interface PageEvent {
  origin: number;
  path: string;
  kind: 'paint' | 'lcp' | 'shift' | 'content' | 'picked' | 'bookable' | 'book' | 'time' | 'cardTime' | 'bookButton' | 'bookGone' | 'submit' | 'firstInput' | 'probeTime';
  at: number;
  /** A layout shift's score; the first input's delay, ms (`firstInput`); the probe's own main-thread time until the first tap, ms (`probeTime`); 0 otherwise. */
  value: number;
  /** Where a journey's next tap goes (`book`, `time`; `cardTime`, `bookButton`): the target's middle, in the viewport. */
  x?: number;
  y?: number;
}

const REPORT = '__carebookBenchReport';

/**
 * Runs in every document from its first byte and reports back: first contentful paint, each LCP
 * candidate, each layout shift not caused by input, when the route's main content first shows
 * (a doctor's name; on a doctor's page also a time to book), when a radio the patient tapped
 * became checked (the slot picker answered: a native radio button checked by the browser, or the
 * app's own radio), and then when the page's Book Appointment button became enabled (the app has
 * the chosen time and can book it), and the document's first input with its delay (Event Timing).
 * On a journey it also reports, in the frame they first show, where a finger would tap next: the first doctor's Book Appointment, the first time not yet
 * chosen (scrolled into view as a patient would), again whenever either moves or is replaced.
 * The list journey (`'list'`) reports instead the first time offered on the list's cards and the
 * doctor's page's Book Appointment while it can be tapped (`bookGone` once it no longer can:
 * busy, disabled or gone), for as long as the page lives.
 * It looks only in frames after something changed (never on an idle page) and reports its own
 * script time until the first tap (`probeTime`), so its share of the main thread it measures shows.
 * Plain script: it is sent to the page as text.
 */
const probeScript = (journey: Journey): string => `(() => {
  const journey = ${JSON.stringify(journey)};
  const queue = [];
  const report = (kind, at, value, point) => {
    queue.push({ origin: performance.timeOrigin, path: location.pathname, kind, at, value: value || 0, ...point });
    if (typeof window.${REPORT} === 'function') while (queue.length) window.${REPORT}(queue.shift());
  };
  // Entries not yet handed to an observer when the page is left (a tap that opens another page)
  // would be lost: they are taken on pagehide.
  const observe = (type, handle) => {
    try {
      const observer = new PerformanceObserver((list) => list.getEntries().forEach(handle));
      observer.observe({ type, buffered: true });
      addEventListener('pagehide', () => observer.takeRecords().forEach(handle));
    } catch {}
  };
  observe('paint', (entry) => { if (entry.name === 'first-contentful-paint') report('paint', entry.startTime); });
  observe('largest-contentful-paint', (entry) => report('lcp', entry.startTime));
  observe('layout-shift', (entry) => { if (!entry.hadRecentInput) report('shift', entry.startTime, entry.value); });
  // The document's first tap: when it happened, and how long it waited before the main thread
  // began to handle it (Event Timing's input delay: the page's own work in its way).
  observe('first-input', (entry) => report('firstInput', entry.startTime, entry.processingStart - entry.startTime));

  const isChecked = (el) => (el instanceof HTMLInputElement ? el.checked : el.getAttribute('aria-checked') === 'true');
  const shows = (el) => el.getBoundingClientRect().height > 0;
  const contentShows = () => {
    const name = [...document.querySelectorAll('main h1, main h2, main h3, main a[href^="/appointment/"], main p')]
      .some((el) => /\\bDr\\.\\s/.test(el.textContent || '') && shows(el));
    if (!location.pathname.startsWith('/appointment/')) return name;
    const slot = [...document.querySelectorAll('main button, main [role="radio"], main span')]
      .some((el) => /^\\s*\\d{1,2}:\\d{2}/.test(el.textContent || '') && shows(el));
    return name && slot;
  };
  const middle = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 ? { x: box.x + box.width / 2, y: box.y + box.height / 2 } : null;
  };
  const labelOf = (el) => el.getAttribute('aria-label') || document.getElementById(el.getAttribute('aria-labelledby') || '')?.textContent || '';
  const bookButton = () => [...document.querySelectorAll('main button')]
    .find((el) => /^\\s*Book Appointment/.test(el.textContent || '') && !el.disabled && middle(el));
  const targets = journey === 'list' ? {
    cardTime: () => [...document.querySelectorAll('main article a[href^="/appointment/"][href*="time="]')].find((el) => middle(el)),
    bookButton,
  } : {
    book: () => [...document.querySelectorAll('main a[href^="/appointment/"]')]
      .find((el) => /^\\s*Book Appointment/.test(el.textContent || '') && middle(el)),
    time: () => [...document.querySelectorAll('[role="radiogroup"]')]
      .filter((group) => /^Times on /.test(labelOf(group)))
      .flatMap((group) => [...group.querySelectorAll('[role="radio"], input[type="radio"]')])
      .find((el) => !isChecked(el) && middle(el)),
    // The doctor's page's Book Appointment, once a time is checked (then it is in view on a phone).
    submit: () => [...document.querySelectorAll('main button')]
      .find((el) => /^\\s*Book Appointment/.test(el.textContent || '') && middle(el)),
  };
  const shown = {};
  const watchTargets = (kinds) => {
    for (const [kind, find] of Object.entries(targets)) {
      if (!kinds.includes(kind)) continue;
      const el = find();
      const point = el && middle(el);
      if (!point) {
        if (kind === 'bookButton' && shown[kind]) {
          report('bookGone', performance.now());
          delete shown[kind];
        }
        continue;
      }
      if (point.y < 0 || point.y > innerHeight || point.x < 0 || point.x > innerWidth) {
        el.scrollIntoView({ block: 'center' });
        continue;
      }
      const last = shown[kind];
      if (last && last.el === el && last.x === point.x && last.y === point.y) continue;
      shown[kind] = { el, ...point };
      report(kind, performance.now(), 0, point);
    }
  };

  let contentSeen = false;
  let picked = false;
  let bookable = false;
  const bookEnabled = () => [...document.querySelectorAll('main button')]
    .some((el) => /^\\s*Book Appointment/.test(el.textContent || '') && !el.disabled && shows(el));
  const watching = () => !contentSeen || journey === 'list' || (journey && !bookable);
  // The probe's own script time on the page's main thread, reported with the document's first tap:
  // what it took from the page it measures.
  let probeMs = 0;
  const tick = () => {
    // The style and layout its first look forces are the frame's own (a frame lays out after its
    // animation callbacks): not counted.
    if (document.body) document.body.getBoundingClientRect();
    const began = performance.now();
    if (!contentSeen && document.body && contentShows()) {
      contentSeen = true;
      report('content', performance.now());
    }
    if (journey && document.body) watchTargets(journey === 'list' ? ['cardTime', 'bookButton'] : picked ? ['submit'] : ['book', 'time']);
    if (journey && picked && !bookable && bookEnabled()) {
      bookable = true;
      report('bookable', performance.now());
    }
    probeMs += performance.now() - began;
  };
  // The probe must not eat the main thread it measures: it looks again only in a frame after
  // something that can show or move what it watches (the document changed, a stylesheet, image or
  // font arrived, a layout shift, a scroll or resize), at most once a frame, never on an idle page.
  let scheduled = false;
  const schedule = () => {
    if (scheduled || !watching()) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      tick();
    });
  };
  new MutationObserver(schedule).observe(document, {
    subtree: true,
    childList: true,
    characterData: true,
    attributes: true,
    attributeFilter: ['class', 'style', 'hidden', 'disabled', 'aria-busy', 'aria-checked', 'aria-disabled', 'href'],
  });
  observe('layout-shift', schedule);
  for (const type of ['load', 'scroll', 'resize', 'DOMContentLoaded', 'pageshow', 'change', 'transitionend', 'animationend']) addEventListener(type, schedule, true);
  document.fonts?.addEventListener('loadingdone', schedule);
  schedule();

  let tapped = null;
  let costReported = false;
  document.addEventListener('pointerdown', (event) => {
    if (!costReported) report('probeTime', performance.now(), probeMs);
    costReported = true;
    const target = event.target instanceof Element ? event.target : null;
    tapped = target && (target.closest('[role="radio"], input[type="radio"]') || target.closest('label')?.control || null);
  }, true);
  const checkPicked = () => {
    if (picked || !tapped || !tapped.isConnected || !isChecked(tapped)) return;
    picked = true;
    report('picked', performance.now());
  };
  document.addEventListener('change', checkPicked, true);
  document.addEventListener('click', () => setTimeout(checkPicked, 0), true);
  new MutationObserver(checkPicked).observe(document, { subtree: true, attributes: true, attributeFilter: ['aria-checked'] });
})();`;

/** Which journey a page reports its tap targets for, if any. */
export type Journey = boolean | 'list';

/** A phone-sized page in a fresh context (an empty cache) under a profile, recording what it reports and downloads. */
export interface Probe {
  context: BrowserContext;
  page: Page;
  events: PageEvent[];
  /** Bytes on the wire (headers included) of every finished request so far, and of the scripts among them. */
  bytes(): { bytes: number; jsBytes: number };
  /**
   * Resolves once the page has settled: no request in flight for `quietMs`, then the page's main
   * thread answers (it may still have been running a script that asks for more) and still nothing
   * new was asked for. Playwright's `networkidle` alone fires while a slowed CPU is still compiling
   * the first script, before it asks for the chunks it needs.
   */
  settled(timeoutMs: number, quietMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ProbeOptions {
  /** Report where a journey's next tap goes: `true` the slot picker journey's (`book`, `time`), `'list'` the list's time then Book (`cardTime`, `bookButton`). */
  journey?: Journey;
  /** The browser refuses every script (the probe itself still runs): the pages as the server sent them. */
  blockScripts?: boolean;
  /** The browser refuses the doctors' photos: what they cost a journey. */
  blockPhotos?: boolean;
}

export async function openProbe(browser: Browser, profile: NetworkProfile, options: ProbeOptions = {}): Promise<Probe> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const events: PageEvent[] = [];
  await context.exposeFunction(REPORT, (event: PageEvent) => {
    events.push(event);
  });
  await context.addInitScript({ content: probeScript(options.journey ?? false) });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const scripts = new Set<string>();
  const sizes = new Map<string, number>();
  const inFlight = new Map<string, string>();
  let documentLoader = '';
  let requestsSeen = 0;
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    // A stream of change notices stays open for the page's life: it is never "in flight".
    if (event.type === 'EventSource') return;
    // A new page: what the old one still had open, or asks for while it goes, may never report an end.
    if (event.type === 'Document') {
      documentLoader = event.loaderId;
      inFlight.clear();
    }
    if (event.loaderId === documentLoader) inFlight.set(event.requestId, event.request.url);
    requestsSeen += 1;
    lastActivity = Date.now();
  });
  const ended = (requestId: string): void => {
    inFlight.delete(requestId);
    lastActivity = Date.now();
  };
  cdp.on('Network.loadingFailed', (event) => ended(event.requestId));
  cdp.on('Network.responseReceived', (event) => {
    if (event.type === 'Script') scripts.add(event.requestId);
  });
  cdp.on('Network.loadingFinished', (event) => {
    sizes.set(event.requestId, event.encodedDataLength);
    ended(event.requestId);
  });
  await emulateProfile(cdp, profile);
  const blocked = [...(options.blockScripts ? ['*.js', '*.js?*'] : []), ...(options.blockPhotos ? ['*/static/doctors/*'] : [])];
  if (blocked.length) await cdp.send('Network.setBlockedURLs', { urls: blocked });
  return {
    context,
    page,
    events,
    bytes: () => {
      let jsBytes = 0;
      for (const id of scripts) jsBytes += sizes.get(id) ?? 0;
      return { bytes: [...sizes.values()].reduce((total, size) => total + size, 0), jsBytes };
    },
    settled: async (timeoutMs, quietMs = 1000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        if (Date.now() > deadline) {
          throw new Error(`the page did not settle within ${timeoutMs} ms; in flight: ${[...inFlight.values()].join(', ') || 'none'}`);
        }
        if (inFlight.size > 0 || Date.now() - lastActivity < quietMs) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          continue;
        }
        const before = requestsSeen;
        await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (requestsSeen === before && inFlight.size === 0) return;
      }
    },
    close: () => context.close(),
  };
}

/** Epoch ms of an event. */
export const epochOf = (event: PageEvent): number => event.origin + event.at;

/**
 * Signs `page` in as the site keeps a signed-in patient: the token stored, and handed to the host's
 * server for its booking form's session cookie, on a blank page of the site's origin (so the cache
 * stays empty for the journey).
 */
export async function signInAsTheSiteDoes(page: Page, siteUrl: string, token: string): Promise<void> {
  const signIn = `${siteUrl}/__bench-sign-in`;
  await page.route(signIn, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>Signing in</title>' }));
  await page.goto(signIn);
  const handed = await page.evaluate(async (stored) => {
    window.localStorage.setItem('token', stored);
    return (await fetch('/session-cookie', { method: 'PUT', headers: { Authorization: `Bearer ${stored}` } })).status;
  }, token);
  if (handed !== 204) throw new Error(`the session cookie was refused (${handed})`);
  await page.unroute(signIn);
}
