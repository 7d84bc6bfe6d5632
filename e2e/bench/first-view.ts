// First view on a phone (docs/architecture.md, "First view"): Chromium at 390 px, empty cache, under
// each network profile (network-profiles.ts); median of N visits per route of first paint, LCP, first
// doctor's name visible (on the doctor page: the name and a time to book), CLS up to the handover and
// bytes on the wire; and the journey "slot picker ready": open `/doctors`, tap the first doctor's Book
// Appointment as soon as it shows, then tap a time until the booking screen's slot picker answers.
// Beside the journey: the same with every script refused, and through two bare pages (bare-pages.ts).
// Then the journey booked from the list (list-time-journey.ts): signed in, `/doctors`, the first
// card's first time, Book Appointment, to the appointment saved on the server, beside the same with
// every script refused and through two bare pages on the same API. And "booked through
// the doctor's page" (see visitBookingJourney): a signed-in patient taps the first doctor, a time and
// Book; the booking saved on the server, measured from the times appearing.
// BENCH_BASELINE_HOST=<dir>: beside the slot picker journey, the same journey on a second stack whose
// host is the build in <dir> (same remotes, same API build), e.g. the host built with TELEMETRY=off:
//   TELEMETRY=off OUTPUT_DIR=/tmp/host-no-telemetry npm run build -w host
//   BENCH_BASELINE_HOST=/tmp/host-no-telemetry npm run bench:first-view -- 5 mobile journey
// Run: npm run bench:first-view [-- N [profile [journey|list|book]]]   (build first: npm run build)
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../testing/browser/browser';
import { FIRST_VISIT_JS_BUDGET } from '../../testing/browser/first-visit-routes';
import { registerPatient } from '../../testing/browser/api-calls';
import { startStack, type Stack } from '../../testing/browser/stack';
import { startBareBookingPages, startBarePages } from './bare-pages';
import { machineLoad } from './machine-load';
import { NETWORK_PROFILES, type NetworkProfile } from './network-profiles';
import { epochOf, openProbe, signInAsTheSiteDoes, type PageEvent } from './page-probe';
import { LIST_JOURNEY, LIST_JOURNEY_LEGS, visitListJourney, type ListJourneyLeg, type ListJourneyVisit } from './list-time-journey';

const VISITS = Number(process.argv[2] ?? 5);
const ONLY_PROFILE = process.argv[3];
/** `journey` as the third argument: only the slot picker journey; `list`: only the journey booked from the list. */
const ONLY_JOURNEY = process.argv[4] === 'journey';
const ONLY_LIST = process.argv[4] === 'list';
/** `book` as the third argument: only the booking through the doctor's page. */
const ONLY_BOOKING = process.argv[4] === 'book';
/** The booking through the doctor's page: saved on the server at most this long after the times appeared. */
const BOOKED_AFTER_TIMES_BUDGET = 600;
/** BENCH_TIMELINE=1: print each journey's events and taps, to see where its time goes. */
const TIMELINE = Boolean(process.env.BENCH_TIMELINE);
/** A second host build to run the slot picker journey against, interleaved with ours (see the header). */
const BASELINE_HOST = process.env.BENCH_BASELINE_HOST;
const TIMEOUT = 60_000;
const PAINT_BUDGET = 1500;
const ROUTES = [
  { route: '/', content: 2500 },
  { route: '/doctors', content: 2500 },
  { route: '/appointment/doc01', content: 3000 },
];
const JOURNEY = '/doctors > Book > time';

/** One visit's figures, ms from the first document's start; `ready` is the content (routes) or the slot picker (journey). */
interface Visit {
  paint: number;
  lcp: number;
  ready: number;
  cls: number;
  bytes: number;
  jsBytes: number;
}

interface JourneyVisit extends Visit {
  /** When the Book Appointment that opened the doctor's page showed and was tapped. */
  bookTapped: number;
  /** The tap loaded the doctor's page as a new document (the app was not running yet), not in the app. */
  reloaded: boolean;
  /** When the app had taken the chosen time: the page's Book Appointment button enabled. */
  bookable: number;
  /** Where the time went, ms: see {@link JOURNEY_LEGS}. */
  legs: Record<JourneyLeg, number>;
}

/** The journey's legs, from the bench's clock and the pages' reports; together about the whole journey. */
const JOURNEY_LEGS = {
  /** From opening `/doctors` until the tap on Book Appointment that opened the doctor's page was sent (when it showed). */
  toTap: 'the list until Book was tapped',
  /** From sending the tap on Book Appointment (the one that opened the doctor's page) until Chromium has handled it. */
  tapWait: 'the Book tap waited',
  /** From the doctor's page being asked for until a time to tap shows on it. */
  pageToTime: "the doctor's page to a time on screen",
  /** From that time showing until a tap checked one. */
  timeTap: 'a time tapped to checked',
} as const;
type JourneyLeg = keyof typeof JOURNEY_LEGS;

const last = (events: PageEvent[], kind: PageEvent['kind']): PageEvent | undefined => events.filter((event) => event.kind === kind).at(-1);
const first = (events: PageEvent[], kind: PageEvent['kind']): PageEvent | undefined => events.find((event) => event.kind === kind);

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(25);
  }
}

/** Opens a route and waits until the app has taken over: its content shows and the page has settled (see Probe.settled). */
async function visitRoute(browser: Browser, profile: NetworkProfile, url: string): Promise<Visit> {
  const probe = await openProbe(browser, profile);
  try {
    await probe.page.goto(url, { waitUntil: 'commit', timeout: TIMEOUT });
    const origin = await probe.page.evaluate(() => performance.timeOrigin);
    const own = (): PageEvent[] => probe.events.filter((event) => event.origin === origin);
    await until(() => Boolean(first(own(), 'content')), `the content of ${url}`);
    await probe.settled(TIMEOUT);
    const events = own();
    const paint = first(events, 'paint')?.at ?? NaN;
    return {
      paint,
      lcp: last(events, 'lcp')?.at ?? NaN,
      // Found in a frame Chromium had not painted yet (it holds the first paint back): shown at first paint.
      ready: Math.max(first(events, 'content')?.at ?? NaN, paint),
      cls: events.filter((event) => event.kind === 'shift').reduce((total, event) => total + event.value, 0),
      ...probe.bytes(),
    };
  } finally {
    await probe.close();
  }
}

/**
 * Opens `/doctors` and taps where the first doctor's Book Appointment shows, in the frame it first
 * shows (the page reports it: no waiting for the scripts, as a patient does not wait); taps again
 * only if nothing started within 1.5 s (the tap fell between two versions of the page). Then taps
 * the first time not yet chosen every 100 ms until a tap checks it. Ready is when it became checked
 * (in the server's page a native radio button answers before the app's code has arrived); then
 * waits for the app to take that time (its Book Appointment button enabled), reported beside;
 * paint and LCP are `/doctors`'; CLS counts every document's shifts up to ready.
 */
async function visitJourney(browser: Browser, profile: NetworkProfile, siteUrl: string, blockScripts = false): Promise<JourneyVisit> {
  const probe = await openProbe(browser, profile, { journey: true, blockScripts });
  const { page } = probe;
  let leaving = false;
  const marks: Array<{ what: string; at: number }> = [];
  const mark = (what: string): void => {
    marks.push({ what, at: Date.now() });
  };
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname.startsWith('/appointment/')) {
      if (!leaving) mark("the doctor's page asked for");
      leaving = true;
    }
  });
  const onBookingScreen = (): boolean => leaving || new URL(page.url()).pathname.startsWith('/appointment/');
  let bookTapped: PageEvent | undefined;
  const tapLatest = async (kind: 'book' | 'time'): Promise<void> => {
    const target = last(probe.events, kind);
    if (target?.x === undefined || target.y === undefined) return;
    if (kind === 'book') bookTapped = target;
    mark(`tap on ${kind} sent`);
    await page.touchscreen.tap(target.x, target.y);
    mark(`tap on ${kind} handled`);
  };
  try {
    await page.goto(`${siteUrl}/doctors`, { waitUntil: 'commit', timeout: TIMEOUT });
    const deadline = Date.now() + TIMEOUT;
    const inTime = (what: string): void => {
      if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    };
    while (!onBookingScreen()) {
      await until(() => Boolean(last(probe.events, 'book')), "the first doctor's Book Appointment");
      await tapLatest('book');
      for (let waited = 0; waited < 1500 && !onBookingScreen(); waited += 25) await pause(25);
      inTime("tapping Book Appointment never opened the doctor's page");
    }
    while (!first(probe.events, 'picked')) {
      await until(() => Boolean(last(probe.events, 'time')), "the booking screen's times");
      // A navigation may be under way while tapping: the next round taps the new page.
      await tapLatest('time').catch(() => undefined);
      await pause(100);
      inTime('the slot picker never answered a tap');
    }
    // The journey's clock starts with the first document (its time origin, as every report gives
    // it): asking the page for it would wait for its main thread, and hold the first tap back.
    const start = probe.events.find((event) => event.path === '/doctors')?.origin ?? NaN;
    const picked = epochOf(first(probe.events, 'picked') as PageEvent);
    if (!blockScripts) await until(() => Boolean(first(probe.events, 'bookable')), 'the Book Appointment button to take the chosen time');
    await probe.settled(TIMEOUT);
    const opening = probe.events.filter((event) => event.origin === start);
    if (TIMELINE) printTimeline(start, probe.events, marks);
    const markAt = (what: string): number => marks.filter((entry) => entry.what === what).at(-1)?.at ?? NaN;
    const timeShown = probe.events.find((event) => event.kind === 'time' && event.path.startsWith('/appointment/'));
    const timeAt = timeShown ? epochOf(timeShown) : NaN;
    return {
      paint: first(opening, 'paint')?.at ?? NaN,
      lcp: last(opening, 'lcp')?.at ?? NaN,
      ready: picked - start,
      cls: probe.events
        .filter((event) => event.kind === 'shift' && epochOf(event) <= picked)
        .reduce((total, event) => total + event.value, 0),
      ...probe.bytes(),
      bookTapped: bookTapped ? epochOf(bookTapped) - start : NaN,
      reloaded: leaving,
      bookable: blockScripts ? NaN : epochOf(first(probe.events, 'bookable') as PageEvent) - start,
      legs: {
        toTap: markAt('tap on book sent') - start,
        tapWait: markAt('tap on book handled') - markAt('tap on book sent'),
        pageToTime: timeAt - markAt("the doctor's page asked for"),
        timeTap: picked - timeAt,
      },
    };
  } finally {
    await probe.close();
  }
}

interface BookingVisit {
  /** When the doctor's first time showed on the doctor's page, ms from opening `/doctors`. */
  timesShown: number;
  /** When the server held the booking, ms from opening `/doctors`. */
  saved: number;
  /** The Book tap went out as the page's own form (a new document), not through the app. */
  byForm: boolean;
}

/**
 * A signed-in patient (token stored and handed to the host's server as the app does, on a blank page
 * of the site's origin: the cache stays empty) opens `/doctors`, taps the first doctor's Book
 * Appointment, taps the first time, then Book Appointment as soon as it is there, and again every
 * 1.5 s while nothing is saved. Saved is when the API first lists the appointment (asked every 20 ms
 * from here, off the throttled link).
 */
async function visitBookingJourney(browser: Browser, profile: NetworkProfile, stack: Stack): Promise<BookingVisit> {
  const patient = await registerPatient(stack);
  const probe = await openProbe(browser, profile, { journey: true });
  const { page } = probe;
  await signInAsTheSiteDoes(page, stack.siteUrl, patient.token);
  let savedAt = NaN;
  let polling = true;
  const poll = (async () => {
    while (polling && Number.isNaN(savedAt)) {
      const reply = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${patient.token}` } });
      const { appointments } = (await reply.json()) as { appointments: unknown[] };
      if (appointments.length > 0) savedAt = Date.now();
      else await pause(20);
    }
  })();
  let byForm = false;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.isNavigationRequest()) byForm = true;
  });
  try {
    await page.goto(`${stack.siteUrl}/doctors`, { waitUntil: 'commit', timeout: TIMEOUT });
    const deadline = Date.now() + TIMEOUT;
    const onDoctorPage = (): boolean => probe.events.some((event) => event.kind === 'time' && event.path.startsWith('/appointment/'));
    while (!onDoctorPage()) {
      await until(() => Boolean(last(probe.events, 'book')), "the first doctor's Book Appointment");
      const book = last(probe.events, 'book') as PageEvent;
      if (!new URL(page.url()).pathname.startsWith('/appointment/')) await page.touchscreen.tap(book.x ?? 0, book.y ?? 0);
      for (let waited = 0; waited < 1500 && !onDoctorPage(); waited += 25) await pause(25);
      if (Date.now() > deadline) throw new Error("the doctor's page never showed its times");
    }
    // Each document reports its own times, check and Book: a tap that opened another page (a day's
    // link) starts over there, as a patient would pick the time again.
    const latest = (kind: PageEvent['kind']): PageEvent | undefined => {
      const page = last(probe.events, 'time')?.origin;
      return probe.events.filter((event) => event.kind === kind && event.origin === page).at(-1);
    };
    while (Number.isNaN(savedAt)) {
      if (!latest('picked')) {
        const time = latest('time') as PageEvent;
        await page.touchscreen.tap(time.x ?? 0, time.y ?? 0).catch(() => undefined);
        await pause(100);
      } else {
        // Where the page itself says Book Appointment is, in the frame it shows there (as a patient taps).
        const book = latest('submit');
        if (book) await page.touchscreen.tap(book.x ?? 0, book.y ?? 0).catch(() => undefined);
        for (let waited = 0; waited < (book ? 1500 : 100) && Number.isNaN(savedAt); waited += 25) await pause(25);
      }
      if (Date.now() > deadline) {
        const said = await page.locator('[role="alert"]').allInnerTexts().catch(() => []);
        throw new Error(`the booking was never saved (at ${page.url()}; the page said: ${said.join(' | ') || 'nothing'})`);
      }
    }
    const start = probe.events.find((event) => event.path === '/doctors')?.origin ?? NaN;
    const timeShown = probe.events.find((event) => event.kind === 'time' && event.path.startsWith('/appointment/'));
    return { timesShown: (timeShown ? epochOf(timeShown) : NaN) - start, saved: savedAt - start, byForm };
  } finally {
    polling = false;
    await poll;
    await probe.close();
  }
}

function printBookingRow(visits: BookingVisit[]): void {
  const afterTimes = median(visits.map((visit) => visit.saved - visit.timesShown));
  console.log(
    "tap doctor, time, Book".padEnd(24) +
      `times shown at ${s(median(visits.map((visit) => visit.timesShown)))}, booking saved at ${s(median(visits.map((visit) => visit.saved)))}: ` +
      `${within(afterTimes, BOOKED_AFTER_TIMES_BUDGET, s)} after the times appeared; ` +
      `Book went as the page's own form in ${visits.filter((visit) => visit.byForm).length} of ${visits.length} visits`,
  );
}

/** One journey's events and taps in time order, ms from its start (BENCH_TIMELINE=1). */
function printTimeline(start: number, events: PageEvent[], marks: Array<{ what: string; at: number }>): void {
  const lines = [
    ...events.filter((event) => event.kind !== 'shift').map((event) => ({ what: `${event.path} ${event.kind}`, at: epochOf(event) })),
    ...marks,
  ].sort((a, b) => a.at - b.at);
  for (const line of lines) console.log(`  ${String(Math.round(line.at - start)).padStart(6)} ms  ${line.what}`);
}

/** The median of the visits that have the figure (a page left early may have reported no LCP). */
const median = (values: number[]): number => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

const s = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
/** A figure beside its budget, starred when over it. */
const within = (value: number, budget: number, format: (n: number) => string): string =>
  `${format(value)} (${format(budget)})${value > budget || Number.isNaN(value) ? '*' : ''}`;

function printRow(name: string, visits: Visit[], readyBudget: number, jsBudget: number | null): void {
  const pick = (key: keyof Visit): number => median(visits.map((visit) => visit[key]));
  console.log(
    name.padEnd(24) +
      within(pick('paint'), PAINT_BUDGET, s).padEnd(18) +
      s(pick('lcp')).padEnd(10) +
      within(pick('ready'), readyBudget, s).padEnd(19) +
      pick('cls').toFixed(3).padEnd(8) +
      (jsBudget === null ? kb(pick('jsBytes')) : within(pick('jsBytes'), jsBudget, kb)).padEnd(22) +
      kb(pick('bytes')),
  );
}

/** The journey booked from the list, {@link VISITS} times, printed as its row and legs. */
async function benchListJourney(browser: Browser, profile: NetworkProfile, stack: Stack, bareSiteUrl: string): Promise<void> {
  const visits: ListJourneyVisit[] = [];
  const withoutScripts: ListJourneyVisit[] = [];
  const barePages: ListJourneyVisit[] = [];
  // Alternating, so the three arms share the machine's moments.
  for (let i = 0; i < VISITS; i += 1) {
    visits.push(await visitListJourney(browser, profile, stack));
    withoutScripts.push(await visitListJourney(browser, profile, stack, { blockScripts: true }));
    barePages.push(await visitListJourney(browser, profile, stack, {}, bareSiteUrl));
  }
  const pick = (value: (visit: ListJourneyVisit) => number, of = visits): number => median(of.map(value));
  const saved = pick((visit) => visit.saved);
  const floor = pick((visit) => visit.saved, withoutScripts);
  const least = pick((visit) => visit.saved, barePages);
  console.log(
    `${LIST_JOURNEY.padEnd(24)}signed in, to the appointment saved: ${within(pick((visit) => visit.saved), profile.listBookBudget, s)}; ` +
      `each run ${visits.map((visit) => s(visit.saved)).join(', ')}\n` +
      `${''.padEnd(24)}Book tapped ${pick((visit) => visit.bookTaps)} time(s) (median); the doctor's page loaded as a new document in ` +
      `${visits.filter((visit) => visit.reloaded).length} of ${visits.length} visits; Book went as the page's own form in ` +
      `${visits.filter((visit) => visit.byForm).length} of ${visits.length}\n` +
      `${''.padEnd(24)}same journey with every script refused (the pages alone, Book as their own form): ${s(floor)}; ` +
      `with the scripts ${(saved / floor).toFixed(2)}x that (${saved >= floor ? '+' : ''}${s(saved - floor)})\n` +
      `${''.padEnd(24)}the same journey through two bare pages on the same API (a time link, then a form with Book; no style, image or script): ` +
      `${s(least)}; the pages alone ${(floor / least).toFixed(2)}x that, with the scripts ${(saved / least).toFixed(2)}x\n` +
      `${''.padEnd(24)}where it goes, with the scripts / the pages alone / the bare pages: ` +
      (Object.entries(LIST_JOURNEY_LEGS) as Array<[ListJourneyLeg, string]>)
        .map(
          ([leg, label]) =>
            `${label} ${s(pick((visit) => visit.legs[leg]))} / ${s(pick((visit) => visit.legs[leg], withoutScripts))} / ${s(pick((visit) => visit.legs[leg], barePages))}`,
        )
        .join('; ') +
      `\n${''.padEnd(24)}of the time's tap's wait, before the list's main thread began to handle it (Event Timing's input delay): ` +
      `${s(pick((visit) => visit.timeTapInputDelay))} / ${s(pick((visit) => visit.timeTapInputDelay, withoutScripts))} / ` +
      `${s(pick((visit) => visit.timeTapInputDelay, barePages))}\n` +
      `${''.padEnd(24)}the bench's own probe on the list's main thread until that tap (its scripts, not the layout its looks force, which the frame does anyway): ` +
      `${s(pick((visit) => visit.probeTime))} / ${s(pick((visit) => visit.probeTime, withoutScripts))} / ${s(pick((visit) => visit.probeTime, barePages))}`,
  );
}

/** The slot picker journey with our host beside the baseline host's (BENCH_BASELINE_HOST), visits interleaved. */
function printBaseline(ours: JourneyVisit[], baseline: JourneyVisit[]): void {
  const ready = median(ours.map((visit) => visit.ready));
  const base = median(baseline.map((visit) => visit.ready));
  const js = median(ours.map((visit) => visit.jsBytes));
  const baseJs = median(baseline.map((visit) => visit.jsBytes));
  console.log(
    `${''.padEnd(24)}same journey with the host of ${BASELINE_HOST}: slot picker answers at ${s(base)} ` +
      `(each run ${baseline.map((visit) => s(visit.ready)).join(', ')}); ours ${s(ready)} (each run ${ours.map((visit) => s(visit.ready)).join(', ')}), ` +
      `${(ready / base).toFixed(2)}x that (${ready >= base ? '+' : ''}${s(ready - base)}); JS gzip ${js} vs ${baseJs} bytes (${js - baseJs >= 0 ? '+' : ''}${js - baseJs})`,
  );
}

async function main(): Promise<void> {
  const [stack, browser, bare, baselineStack] = await Promise.all([
    startStack(),
    launchBrowser(),
    startBarePages(),
    BASELINE_HOST ? startStack({ hostRoot: BASELINE_HOST }) : Promise.resolve(null),
  ]);
  const bareBooking = await startBareBookingPages(stack.apiUrl);
  try {
    console.log(`Start: ${machineLoad()}`);
    for (const profile of NETWORK_PROFILES.filter((candidate) => !ONLY_PROFILE || candidate.name === ONLY_PROFILE)) {
      console.log(`\n${profile.label}; 390 px, empty cache; median of ${VISITS} (budget in brackets, * over it)`);
      console.log('route                   first paint       LCP       doctor / ready     CLS     JS gzip               all bytes');
      if (ONLY_BOOKING) {
        const bookings: BookingVisit[] = [];
        for (let i = 0; i < VISITS; i += 1) bookings.push(await visitBookingJourney(browser, profile, stack));
        printBookingRow(bookings);
        continue;
      }
      for (const { route, content } of ONLY_JOURNEY || ONLY_LIST ? [] : ROUTES) {
        const visits: Visit[] = [];
        for (let i = 0; i < VISITS; i += 1) visits.push(await visitRoute(browser, profile, `${stack.siteUrl}${route}`));
        printRow(route, visits, content, FIRST_VISIT_JS_BUDGET);
      }
      // Each journey is followed by the same journey with every script refused, then by the journey
      // through two bare pages (bare-pages.ts), so the three share the machine's moments: the pages
      // alone (server HTML, CSS, the browser's work under the slowed CPU) are the floor our scripts
      // add to, and the bare pages what any site would pay here and now.
      if (!ONLY_JOURNEY) await benchListJourney(browser, profile, stack, bareBooking.url);
      if (ONLY_LIST) continue;
      const journeys: JourneyVisit[] = [];
      const withoutScripts: JourneyVisit[] = [];
      const barePages: JourneyVisit[] = [];
      const baseline: JourneyVisit[] = [];
      for (let i = 0; i < VISITS; i += 1) {
        journeys.push(await visitJourney(browser, profile, stack.siteUrl));
        if (baselineStack) baseline.push(await visitJourney(browser, profile, baselineStack.siteUrl));
        withoutScripts.push(await visitJourney(browser, profile, stack.siteUrl, true));
        barePages.push(await visitJourney(browser, profile, bare.url, true));
      }
      // The journey spans two routes: its JS is both routes' together, beyond any one route's budget.
      printRow(JOURNEY, journeys, profile.slotPickerBudget, null);
      const ready = median(journeys.map((visit) => visit.ready));
      const floor = median(withoutScripts.map((visit) => visit.ready));
      const least = median(barePages.map((visit) => visit.ready));
      console.log(
        `${''.padEnd(24)}Book tapped at ${s(median(journeys.map((visit) => visit.bookTapped)))}; the doctor's page loaded ` +
          `as a new document in ${journeys.filter((visit) => visit.reloaded).length} of ${journeys.length} visits; ` +
          `the app took the chosen time (Book Appointment enabled) at ${s(median(journeys.map((visit) => visit.bookable)))}\n` +
          `${''.padEnd(24)}same journey with every script refused (the pages alone): slot picker answers at ${s(floor)}; ` +
          `with the scripts ${(ready / floor).toFixed(2)}x that (${ready >= floor ? '+' : ''}${s(ready - floor)})\n` +
          `${''.padEnd(24)}the same journey through two bare pages (a link, then three radio buttons; no style, image or script): ` +
          `${s(least)}; the pages alone ${(floor / least).toFixed(2)}x that, with the scripts ${(ready / least).toFixed(2)}x\n` +
          `${''.padEnd(24)}where it goes, with the scripts / the pages alone: ` +
          (Object.entries(JOURNEY_LEGS) as Array<[JourneyLeg, string]>)
            .map(([leg, label]) => `${label} ${s(median(journeys.map((visit) => visit.legs[leg])))} / ${s(median(withoutScripts.map((visit) => visit.legs[leg])))}`)
            .join('; '),
      );
      if (baselineStack) printBaseline(journeys, baseline);
      const bookings: BookingVisit[] = [];
      for (let i = 0; i < VISITS; i += 1) bookings.push(await visitBookingJourney(browser, profile, stack));
      printBookingRow(bookings);
    }
    console.log(
      '\nCLS: layout shifts not caused by input, summed up to the handover (routes: content shown and the page settled,' +
        ' no request for 1 s and its main thread free; journey: the slot picker answering).' +
        ' Bytes: on the wire, headers included, until the page settled.',
    );
    console.log(`End: ${machineLoad()}`);
  } finally {
    await browser.close();
    await Promise.all([stack.close(), bare.close(), bareBooking.close(), baselineStack?.close()]);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
