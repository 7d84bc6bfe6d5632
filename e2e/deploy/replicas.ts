// The deployment test's tools for the replicas behind the balancer: what HAProxy thinks of each
// replica, and a mixed load of page loads and keyed bookings sent the way the site sends them.
import http from 'node:http';
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
  /**
   * Page requests that met a kept-alive connection closed by the balancer before any answer, and
   * were sent again on a new connection, as a browser does (see `getLikeBrowser`).
   */
  staleConnectionRetries: number;
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
 * for them, each once, as a browser does: only a request that met a kept-alive connection closed
 * before any answer is sent again, see `getLikeBrowser`) and bookings (each with its own
 * Idempotency-Key, retried like the site does) through the balancer for `durationMs`, running
 * `events` on time.
 */
export async function mixedLoad(options: LoadOptions): Promise<LoadResult> {
  const startedAt = Date.now();
  const stopAt = startedAt + options.durationMs;
  const result: LoadResult = { startedAt, requests: 0, staleConnectionRetries: 0, pageLoads: [], acknowledged: [], refused: [], unanswered: [], eventTimes: [] };
  const routes = ROUTES(options.doctorIds);
  const slots = generateSlotDays({ now: new Date(), timeZone: 'UTC' })
    .slice(2)
    .flatMap((day) => day.times.flatMap((time) => options.doctorIds.map((docId) => ({ docId, slotDate: day.key, slotTime: time }))));
  let nextSlot = 0;
  let nextRoute = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });

  /** One GET of a page load: null when it succeeded, else what went wrong (for the report). */
  const get = async (url: string): Promise<string | null> => {
    const sentAt = Date.now();
    const took = () => `after ${Date.now() - sentAt} ms`;
    const answer = await getLikeBrowser(url, agent, () => {
      result.requests += 1;
    });
    if (answer.staleRetried) result.staleConnectionRetries += 1;
    if ('error' in answer) return `${url} failed (${answer.error}, on a ${answer.reused ? 'kept-alive' : 'new'} connection${answer.responded ? ', mid-answer' : ''}) ${took()}`;
    return answer.status >= 200 && answer.status < 300 ? null : `${url} answered ${answer.status} from ${answer.servedBy ?? 'the balancer'} ${took()}`;
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
  try {
    await Promise.all([
      ...Array.from({ length: options.pageLoaders }, () => pageLoader()),
      ...Array.from({ length: options.bookers }, (_, index) => booker(index)),
      ...events,
    ]);
  } finally {
    agent.destroy();
  }
  return result;
}

type GetAnswer =
  | { status: number; servedBy: string | undefined; staleRetried: boolean }
  | { error: string; reused: boolean; responded: boolean; staleRetried: boolean };

/**
 * A GET as a browser sends it, on kept-alive connections (up to 6 per origin). A browser that
 * sends a request on a kept-alive connection which turns out to be closed before any byte of the
 * answer came (the server closed it while idle: a race no client can avoid) sends it again on a
 * new connection (Chromium's HttpNetworkTransaction, "ShouldResendRequest"); Node documents the
 * same for `request.reusedSocket`. This does that, once, and only then: an error on a new
 * connection, or once the answer began, fails the request. `onSend` is called for every request sent.
 */
export function getLikeBrowser(url: string, agent: http.Agent, onSend: () => void): Promise<GetAnswer> {
  const once = (connection: http.Agent | false): Promise<GetAnswer> =>
    new Promise((resolve) => {
      onSend();
      let responded = false;
      const request = http.get(url, { agent: connection, timeout: 20_000 }, (response) => {
        responded = true;
        response.resume();
        response.on('end', () => {
          const servedBy = response.headers['x-served-by'];
          resolve({ status: response.statusCode ?? 0, servedBy: Array.isArray(servedBy) ? servedBy[0] : servedBy, staleRetried: false });
        });
        response.on('error', (error) => resolve({ error: (error as NodeJS.ErrnoException).code ?? error.message, reused: request.reusedSocket, responded, staleRetried: false }));
      });
      request.on('timeout', () => request.destroy(Object.assign(new Error('no answer within 20 s'), { code: 'TIMEOUT' })));
      request.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message, reused: request.reusedSocket, responded, staleRetried: false }));
    });
  return once(agent).then(async (first) => {
    const stale = 'error' in first && first.reused && !first.responded && ['ECONNRESET', 'EPIPE'].includes(first.error);
    return stale ? { ...(await once(false)), staleRetried: true } : first;
  });
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
