// The deployment test's tools for the replicas behind the balancer: what HAProxy thinks of each
// replica, and a mixed load of page loads and keyed bookings sent the way the site sends them.
import { generateSlotDays } from '@carebook/shared';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Each replica's state in HAProxy's stats (`UP`, `DOWN`, `MAINT`, ...), by `backend/server`. */
export async function balancerStates(statsUrl: string): Promise<Map<string, string>> {
  const response = await fetch(`${statsUrl};csv`, { signal: AbortSignal.timeout(2000) });
  if (!response.ok) throw new Error(`HAProxy stats answered ${response.status}`);
  const [header = '', ...rows] = (await response.text()).trim().split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const [proxy, server, status] = ['pxname', 'svname', 'status'].map((name) => columns.indexOf(name));
  const states = new Map<string, string>();
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[server!] === 'FRONTEND' || cells[server!] === 'BACKEND') continue;
    states.set(`${cells[proxy!]}/${cells[server!]}`, (cells[status!] ?? '').split(' ')[0] ?? '');
  }
  return states;
}

/** Waits until every replica the balancer knows is `UP` (and at least `expected` of them). */
export async function waitForAllUp(statsUrl: string, expected: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = new Map<string, string>();
  while (Date.now() < deadline) {
    last = await balancerStates(statsUrl).catch(() => new Map<string, string>());
    if (last.size >= expected && [...last.values()].every((state) => state === 'UP')) return;
    await sleep(250);
  }
  throw new Error(`Replicas not all up after ${timeoutMs / 1000} s: ${[...last].map(([name, state]) => `${name} ${state}`).join(', ')}`);
}

/** Milliseconds from `since` until the balancer no longer counts `server` (`backend/server`) as up. */
export async function timeUntilOut(statsUrl: string, server: string, since: number, timeoutMs = 10_000): Promise<number> {
  while (Date.now() - since < timeoutMs) {
    const state = (await balancerStates(statsUrl)).get(server);
    if (state && !state.startsWith('UP')) return Date.now() - since;
    await sleep(50);
  }
  throw new Error(`${server} still up ${timeoutMs / 1000} s after it was killed`);
}

export interface Patient {
  email: string;
  token: string;
}

export interface LoadOptions {
  /** The balancer's host (site) and remotes and API addresses as browsers use them. */
  siteUrl: string;
  doctorsUrl: string;
  bookingUrl: string;
  apiUrl: string;
  patients: readonly Patient[];
  doctorIds: readonly string[];
  durationMs: number;
  pageLoaders: number;
  bookers: number;
  /** Called at these offsets (ms from the start) during the load, e.g. to kill a replica. */
  events: ReadonlyArray<{ atMs: number; run: () => Promise<void> }>;
}

export interface PageLoad {
  startedAt: number;
  endedAt: number;
  ok: boolean;
  what: string;
  /** For a failed load: the request that failed, its status (or error) and the replica that answered. */
  failure?: string;
}

export interface Booking {
  patient: Patient;
  appointmentId: string;
  attempts: number;
}

export interface LoadResult {
  startedAt: number;
  /** HTTP requests sent, retries included. */
  requests: number;
  pageLoads: PageLoad[];
  acknowledged: Booking[];
  refused: string[];
  /** Bookings that never got an answer the site would accept, after its retries. */
  unanswered: string[];
  /** When each event ran (ms since the epoch), in `events` order. */
  eventTimes: number[];
}

const ROUTES = (doctorIds: readonly string[]) => ['/', '/doctors', ...doctorIds.slice(0, 3).map((id) => `/appointment/${id}`)];
// The site's API client (shared/src/api/client.ts): GETs and keyed POSTs retried 3 times on a network
// error or 502/503/504, 300 ms x 2^n apart.
const RETRY_STATUSES = new Set([502, 503, 504]);
const RETRIES = 3;

/**
 * Page loads (the page's HTML, then the doctors and booking remotes' entries, as a browser asks
 * for them, each once: a browser does not retry a page) and bookings (each with its own
 * Idempotency-Key, retried like the site does) through the balancer for `durationMs`, running
 * `events` on time.
 */
export async function mixedLoad(options: LoadOptions): Promise<LoadResult> {
  const startedAt = Date.now();
  const stopAt = startedAt + options.durationMs;
  const result: LoadResult = { startedAt, requests: 0, pageLoads: [], acknowledged: [], refused: [], unanswered: [], eventTimes: [] };
  const routes = ROUTES(options.doctorIds);
  const slots = generateSlotDays({ now: new Date(), timeZone: 'UTC' })
    .slice(2)
    .flatMap((day) => day.times.flatMap((time) => options.doctorIds.map((docId) => ({ docId, slotDate: day.key, slotTime: time }))));
  let nextSlot = 0;
  let nextRoute = 0;

  /** One GET: null when it succeeded, else what went wrong (for the report). */
  const get = async (url: string): Promise<string | null> => {
    result.requests += 1;
    const sentAt = Date.now();
    const took = () => `after ${Date.now() - sentAt} ms`;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(20_000) });
      await response.arrayBuffer();
      return response.ok ? null : `${url} answered ${response.status} from ${response.headers.get('x-served-by') ?? 'the balancer'} ${took()}`;
    } catch (error) {
      const cause = (error as { cause?: { code?: string } }).cause?.code;
      return `${url} failed (${cause ?? (error as Error).name}) ${took()}`;
    }
  };

  const pageLoader = async (): Promise<void> => {
    while (Date.now() < stopAt) {
      const route = routes[nextRoute++ % routes.length]!;
      const startedAt = Date.now();
      const failure =
        (await get(`${options.siteUrl}${route}`)) ??
        (await get(`${options.doctorsUrl}/remoteEntry.js`)) ??
        (await get(`${options.bookingUrl}/remoteEntry.js`));
      result.pageLoads.push({ startedAt, endedAt: Date.now(), ok: failure === null, what: route, ...(failure ? { failure } : {}) });
      await sleep(50);
    }
  };

  const booker = async (index: number): Promise<void> => {
    let count = 0;
    while (Date.now() < stopAt) {
      const slot = slots[nextSlot++];
      if (!slot) throw new Error('The load ran out of free slots');
      const patient = options.patients[(index + count * options.bookers) % options.patients.length]!;
      count += 1;
      const key = crypto.randomUUID();
      let answered = false;
      for (let attempt = 0; attempt <= RETRIES && !answered; attempt += 1) {
        if (attempt > 0) await sleep(300 * 2 ** (attempt - 1));
        result.requests += 1;
        try {
          const response = await fetch(`${options.apiUrl}/api/v1/user/book-appointment`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${patient.token}`, 'Idempotency-Key': key },
            body: JSON.stringify(slot),
            signal: AbortSignal.timeout(40_000),
          });
          const body = (await response.json().catch(() => ({}))) as { appointmentId?: string; message?: string };
          if (RETRY_STATUSES.has(response.status)) continue;
          answered = true;
          if (response.status === 201 && body.appointmentId) result.acknowledged.push({ patient, appointmentId: body.appointmentId, attempts: attempt + 1 });
          else result.refused.push(`${response.status} ${body.message ?? ''} (${slot.docId} ${slot.slotDate} ${slot.slotTime})`);
        } catch {
          // A network error: retried with the same key, as the site does.
        }
      }
      if (!answered) result.unanswered.push(`${slot.docId} ${slot.slotDate} ${slot.slotTime}`);
      await sleep(100);
    }
  };

  const events = options.events.map(async (event, index) => {
    await sleep(Math.max(0, startedAt + event.atMs - Date.now()));
    result.eventTimes[index] = Date.now();
    await event.run();
  });
  await Promise.all([
    ...Array.from({ length: options.pageLoaders }, () => pageLoader()),
    ...Array.from({ length: options.bookers }, (_, index) => booker(index)),
    ...events,
  ]);
  return result;
}

/** The acknowledged bookings that each patient's own list no longer shows (booked and not cancelled). */
export async function missingBookings(apiUrl: string, bookings: readonly Booking[]): Promise<Booking[]> {
  const byPatient = new Map<Patient, Booking[]>();
  for (const booking of bookings) byPatient.set(booking.patient, [...(byPatient.get(booking.patient) ?? []), booking]);
  const missing: Booking[] = [];
  for (const [patient, theirs] of byPatient) {
    const response = await fetch(`${apiUrl}/api/v1/user/appointments`, { headers: { Authorization: `Bearer ${patient.token}` } });
    if (!response.ok) throw new Error(`${patient.email}'s appointments: ${response.status}`);
    const { appointments } = (await response.json()) as { appointments: Array<{ _id: string; cancelled: boolean }> };
    const held = new Set(appointments.filter((appointment) => !appointment.cancelled).map((appointment) => appointment._id));
    missing.push(...theirs.filter((booking) => !held.has(booking.appointmentId)));
  }
  return missing;
}
