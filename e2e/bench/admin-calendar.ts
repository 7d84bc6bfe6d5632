// How fast the admin Calendar draws a busy week (issue 46): 15 doctors and 500 appointments in one
// week, in real headless Chromium against the built admin app (admin/dist, served as deployed).
// The API's replies are that week, answered by the browser's test driver (page.route), so every
// run draws the same data and only the screen is measured. Each run is a fresh browser context:
// - day view drawn: from the click on "Day, all doctors" to the first frame with all 15 columns and
//   all of the day's visit blocks (budget: under 0.5 s);
// - week view drawn: from the click on "Week, one doctor" to the first frame with that doctor's
//   week and all its visits (budget: under 1 s);
// - cold load: navigation start to the day view's first full frame (scripts from the server, the
//   lists from the API), beside the baseline: the existing Appointments list of the same day, same
//   data, same server, cold too. The machine is shared: medians count, and the ratio.
// Run: npm run bench -w e2e, or npm run bench:admin-calendar -w e2e (build first: npm run build -w admin). BENCH_RUNS (default 7).
import { DEFAULT_SCHEDULE, SLOT_TIMES, toDateKey, type AdminAppointment, type Doctor } from '@carebook/shared';
import { startAdminApp } from '../../servers/admin/admin-app';
import { launchBrowser } from '../../testing/browser/browser';
import { freePort } from '../../testing/node/free-port';
import { machineLoad } from './machine-load';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const DOCTORS = 15;
const APPOINTMENTS = 500;
const WEEK_BUDGET_MS = 1000;
const DAY_BUDGET_MS = 500;

function utcDay(offset: number): { key: string; iso: string; date: Date } {
  const now = new Date();
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset));
  return { key: toDateKey({ year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }), iso: date.toISOString().slice(0, 10), date };
}

/** This week (Monday first, in UTC, the clinic's zone here): 500 visits over 15 doctors, a third of them in the past. */
function busyWeek(): { doctors: Doctor[]; appointments: AdminAppointment[]; today: ReturnType<typeof utcDay>; monday: ReturnType<typeof utcDay> } {
  const today = utcDay(0);
  const mondayOffset = -((today.date.getUTCDay() + 6) % 7);
  const monday = utcDay(mondayOffset);
  const doctors: Doctor[] = Array.from({ length: DOCTORS }, (_, i) => ({
    _id: `doc${String(i + 1).padStart(2, '0')}`,
    name: `Dr. Bench ${String.fromCharCode(65 + i)}. Doctor`,
    image: '',
    specialization: 'General Physician',
    degree: 'MD',
    experience: '5 Years',
    about: '',
    fees: 50,
    fee: 50,
    available: true,
    address: { line1: '1 Bench Road', line2: 'Benchtown' },
    slots_booked: {},
    schedule: DEFAULT_SCHEDULE,
  })) as Doctor[];
  const appointments: AdminAppointment[] = [];
  for (let n = 0; n < APPOINTMENTS; n++) {
    const doctor = doctors[n % DOCTORS] as Doctor;
    const dayIndex = Math.floor(n / DOCTORS) % 7;
    const time = SLOT_TIMES[(Math.floor(n / (DOCTORS * 7)) * 3 + dayIndex) % SLOT_TIMES.length] as string;
    const day = utcDay(mondayOffset + dayIndex);
    appointments.push({
      _id: `appt-${n}`,
      docId: doctor._id,
      slotDate: day.key,
      slotTime: time,
      docData: { _id: doctor._id, name: doctor.name, image: '', specialization: doctor.specialization, address: doctor.address, fees: 50 },
      amount: 50,
      date: Date.now(),
      cancelled: n % 25 === 0,
      payment: n % 3 === 0,
      isCompleted: n % 7 === 0,
      userId: `patient-${n % 120}`,
      userData: { _id: `patient-${n % 120}`, name: `Patient ${n}`, email: `patient${n}@example.com`, phone: '', image: '' },
    } as AdminAppointment);
  }
  return { doctors, appointments, today, monday };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

async function main(): Promise<void> {
  const apiPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const adminPort = await freePort();
  const adminUrl = `http://127.0.0.1:${adminPort}`;
  const server = await startAdminApp({ host: '127.0.0.1', port: adminPort, apiUrl });
  const browser = await launchBrowser();
  const week = busyWeek();
  const live = week.appointments.filter((a) => !a.cancelled);
  const todayVisits = live.filter((a) => a.slotDate === week.today.key).length;
  const doctorWeekVisits = live.filter((a) => a.docId === 'doc01').length;
  const listed = week.appointments.filter((a) => a.slotDate === week.today.key).length;
  const replies: Record<string, unknown> = {
    '/api/v1/clinic': { success: true, clinic: { timeZone: 'UTC' } },
    '/api/v1/admin/all-doctors': { success: true, doctors: week.doctors },
  };

  async function openContext() {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'UTC' });
    await context.route(`${apiUrl}/**`, async (request) => {
      const url = new URL(request.request().url());
      const appointments = url.pathname === '/api/v1/admin/appointments';
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      const inRange = (a: AdminAppointment): boolean => {
        const [d, m, y] = a.slotDate.split('_').map(Number);
        const iso = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        return (!from || iso >= from) && (!to || iso <= to);
      };
      const body = appointments ? { success: true, appointments: week.appointments.filter(inRange) } : replies[url.pathname];
      if (!body) return request.fulfill({ status: 404, contentType: 'application/json', body: '{"success":false,"message":"Not found"}' });
      await request.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': adminUrl }, body: JSON.stringify(body) });
    });
    await context.addInitScript(() => window.localStorage.setItem('carebook-admin-token', 'bench-token'));
    return context;
  }

  type Page = Awaited<ReturnType<Awaited<ReturnType<typeof openContext>>['newPage']>>;
  /** What a drawn screen has: how many of each selector (exactly). */
  type Drawn = Array<[selector: string, count: number]>;
  const dayDrawn: Drawn = [['.rbc-row-resource .rbc-header', DOCTORS], ['.rbc-event.desk-visit', todayVisits]];
  const weekDrawn: Drawn = [['.rbc-time-header-cell .rbc-header', 7], ['.rbc-row-resource', 0], ['.rbc-event.desk-visit', doctorWeekVisits]];
  const listDrawn: Drawn = [['ul[aria-label="Appointments"] > li', listed]];

  /** The page's clock when the screen is first drawn, checked before each frame (so: the first frame that shows it). */
  async function frameWhen(page: Page, drawn: Drawn): Promise<number> {
    const handle = await page.waitForFunction(
      (expected) => (expected.every(([selector, count]) => document.querySelectorAll(selector).length === count) ? performance.now() : false),
      drawn,
      { polling: 'raf', timeout: 30_000 },
    );
    return (await handle.jsonValue()) as number;
  }

  /** Clicks a button of the page and returns the milliseconds to the first frame that shows `drawn`. */
  async function afterClick(page: Page, button: string, drawn: Drawn): Promise<number> {
    const started = await page.evaluate((name) => {
      const target = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === name);
      const at = performance.now();
      target?.click();
      return at;
    }, button);
    return (await frameWhen(page, drawn)) - started;
  }

  const results = { cold: [] as number[], week: [] as number[], day: [] as number[], list: [] as number[] };
  try {
    for (let run = 0; run < RUNS; run++) {
      const context = await openContext();
      const page = await context.newPage();
      await page.goto(`${adminUrl}/calendar?date=${week.today.iso}`, { waitUntil: 'commit' });
      results.cold.push(await frameWhen(page, dayDrawn));
      results.week.push(await afterClick(page, 'Week, one doctor', weekDrawn));
      results.day.push(await afterClick(page, 'Day, all doctors', dayDrawn));
      await context.close();

      const baseline = await openContext();
      const list = await baseline.newPage();
      await list.goto(`${adminUrl}/appointments?date=${week.today.iso}`, { waitUntil: 'commit' });
      results.list.push(await frameWhen(list, listDrawn));
      await baseline.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const line = (name: string, values: number[], budget?: number) =>
    `${name.padEnd(52)} median ${median(values).toFixed(0).padStart(5)} ms   runs ${values.map((v) => v.toFixed(0)).join(' ')}${budget ? `   budget ${budget} ms: ${median(values) < budget ? 'met' : 'MISSED'}` : ''}`;
  const [day, weekMs, cold, list] = [median(results.day), median(results.week), median(results.cold), median(results.list)];
  const load = machineLoad();
  console.log(`Admin Calendar, ${DOCTORS} doctors, ${APPOINTMENTS} appointments in one week (${todayVisits} live visits today; ${doctorWeekVisits} in one doctor's week)`);
  console.log(`machine: ${load}`);
  console.log(line('day view drawn (switching to it, all doctors)', results.day, DAY_BUDGET_MS));
  console.log(line('week view drawn (switching to it, one doctor)', results.week, WEEK_BUDGET_MS));
  console.log(line('day view, cold load: navigation to first full frame', results.cold));
  console.log(line('baseline: Appointments list, cold load, same data', results.list));
  console.log(`ratio cold day view / baseline list: ${(cold / list).toFixed(2)}`);
  if (day >= DAY_BUDGET_MS || weekMs >= WEEK_BUDGET_MS) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
