// The journey "booked from the list" (docs/architecture.md, First view): a signed-in patient opens
// `/doctors`, taps the first time offered on the first doctor's card as soon as it shows, then the
// doctor's page's Book Appointment as soon as it shows, tapping it again each second while nothing
// happens, until the appointment is saved on the server (the API's own record of when it was booked).
import type { Browser } from 'playwright-core';
import { registerPatient } from '../../testing/browser/api-calls';
import type { Stack } from '../../testing/browser/stack';
import type { NetworkProfile } from './network-profiles';
import { epochOf, openProbe, signInAsTheSiteDoes, type PageEvent, type ProbeOptions } from './page-probe';

const TIMEOUT = 60_000;
/** A tap that changed nothing (Book still shows, ready to tap) is tried again after this long. */
const RETAP_MS = 1000;

export const LIST_JOURNEY = '/doctors > time > Book';

/** The journey's legs, ms; together the whole journey. */
export const LIST_JOURNEY_LEGS = {
  /** From opening `/doctors` until the tap on the card's first time was sent (when it showed). */
  toTimeTap: 'the list until its first time was tapped',
  /** From sending that tap until Chromium had handled it (the list's main thread was free to take it). */
  timeTapWait: "the time's tap waited",
  /** From that tap handled until the doctor's page showed Book Appointment ready to tap. */
  toBook: 'then to Book on screen',
  /** From Book on screen until the tap that booked was sent (a tap before the page could book is tried again). */
  bookTaps: 'Book on screen to the tap that booked',
  /** From the tap that booked until the API saved the appointment. */
  toSaved: 'that tap to the appointment saved',
} as const;
export type ListJourneyLeg = keyof typeof LIST_JOURNEY_LEGS;

export interface ListJourneyVisit {
  /** From the list's first document's start to the appointment saved, ms. */
  saved: number;
  /** Taps on Book Appointment it took. */
  bookTaps: number;
  /** The doctor's page came as a new document (the list's app had not started), not in the app. */
  reloaded: boolean;
  /** The tap that booked went out as the doctor's page's own form (a post), not through the app. */
  byForm: boolean;
  legs: Record<ListJourneyLeg, number>;
  /**
   * Of {@link LIST_JOURNEY_LEGS.timeTapWait}: how long the list's main thread left the time's tap
   * waiting before it began to handle it (Event Timing's input delay for the list's first input).
   */
  timeTapInputDelay: number;
  /** The bench's probe's own script time on the list's main thread until that tap, ms (see page-probe.ts). */
  probeTime: number;
}

interface SavedAppointment {
  docId: string;
  slotDate: string;
  slotTime: string;
  date: number;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

async function appointmentsOf(stack: Stack, token: string): Promise<SavedAppointment[]> {
  const response = await fetch(`${stack.apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { appointments?: SavedAppointment[] }).appointments ?? [];
}

/**
 * One journey, on a fresh patient (its own cap on upcoming visits) in an empty cache. With
 * `blockScripts` every script is refused: the pages as the server sent them, Book as their own form
 * (the floor our scripts add to, in the same moments); with `blockPhotos` the doctors' photos are.
 * `siteUrl` another site on the same API (the bare pages, bare-pages.ts).
 */
export async function visitListJourney(
  browser: Browser,
  profile: NetworkProfile,
  stack: Stack,
  refuse: Pick<ProbeOptions, 'blockScripts' | 'blockPhotos'> = {},
  siteUrl = stack.siteUrl,
): Promise<ListJourneyVisit> {
  const patient = await registerPatient(stack, 'Bench Patient');
  const probe = await openProbe(browser, profile, { journey: 'list', ...refuse });
  const { page, events } = probe;
  // Signed in as the site keeps a patient who signed in before: the token and the session cookie.
  await signInAsTheSiteDoes(page, siteUrl, patient.token);
  let reloaded = false;
  let byForm = false;
  page.on('request', (request) => {
    if (request.isNavigationRequest() && new URL(request.url()).pathname.startsWith('/appointment/')) reloaded = true;
    if (request.isNavigationRequest() && request.method() === 'POST') byForm = true;
  });
  const deadline = Date.now() + TIMEOUT;
  const inTime = (what: string): void => {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
  };
  const onDoctorPage = (): boolean => reloaded || new URL(page.url()).pathname.startsWith('/appointment/');
  const lastOf = (kind: PageEvent['kind'], onDoctor = false): PageEvent | undefined =>
    events.filter((event) => event.kind === kind && (!onDoctor || event.path.startsWith('/appointment/'))).at(-1);
  let tapHandled = NaN;
  const tap = async (target: PageEvent): Promise<number> => {
    const sent = Date.now();
    await page.touchscreen.tap(target.x ?? 0, target.y ?? 0);
    tapHandled = Date.now();
    return sent;
  };
  try {
    await page.goto(`${siteUrl}/doctors`, { waitUntil: 'commit', timeout: TIMEOUT });
    let timeTapped = NaN;
    let timeTapHandled = NaN;
    while (!onDoctorPage()) {
      const target = lastOf('cardTime');
      if (target) {
        timeTapped = await tap(target);
        timeTapHandled = tapHandled;
        for (let waited = 0; waited < 1500 && !onDoctorPage(); waited += 25) await pause(25);
      } else {
        await pause(25);
      }
      inTime("the list's first time never opened the doctor's page");
    }
    const bookTaps: number[] = [];
    let lastTap = 0;
    let saved: SavedAppointment | undefined;
    let lastCheck = 0;
    while (!saved) {
      const shown = lastOf('bookButton', true);
      const gone = lastOf('bookGone', true);
      // Book shows ready to tap (not busy, not gone since it showed), and a second passed since the last tap.
      if (shown && (!gone || epochOf(gone) < epochOf(shown)) && Date.now() - lastTap >= RETAP_MS) {
        // A tap that landed as the page changed is simply tried again.
        const sent = await tap(shown).catch(() => NaN);
        if (Number.isFinite(sent)) bookTaps.push(sent);
        lastTap = Date.now();
      }
      if (Date.now() - lastCheck >= 100) {
        lastCheck = Date.now();
        saved = (await appointmentsOf(stack, patient.token))[0];
      }
      await pause(25);
      if (Date.now() > deadline) {
        const said = await page.locator('[role="alert"], [role="status"]').allInnerTexts().catch(() => []);
        throw new Error(`Book Appointment never saved the appointment (at ${page.url()}; the page said: ${said.join(' | ') || 'nothing'})`);
      }
    }
    const start = events.find((event) => event.path === '/doctors')?.origin ?? NaN;
    const bookShown = events.find((event) => event.kind === 'bookButton' && event.path.startsWith('/appointment/'));
    const bookAt = bookShown ? epochOf(bookShown) : NaN;
    const savedAt = saved.date;
    // The tap that booked: the last one sent before the server saved the appointment.
    const bookTapped = bookTaps.filter((sent) => sent <= savedAt).at(-1) ?? NaN;
    const listInput = events.find((event) => event.kind === 'firstInput' && event.path === '/doctors');
    return {
      saved: saved.date - start,
      bookTaps: bookTaps.length,
      reloaded,
      byForm,
      legs: {
        toTimeTap: timeTapped - start,
        timeTapWait: timeTapHandled - timeTapped,
        toBook: bookAt - timeTapHandled,
        bookTaps: bookTapped - bookAt,
        toSaved: saved.date - bookTapped,
      },
      timeTapInputDelay: listInput?.value ?? NaN,
      probeTime: events.find((event) => event.kind === 'probeTime' && event.path === '/doctors')?.value ?? NaN,
    };
  } finally {
    await probe.close();
  }
}
