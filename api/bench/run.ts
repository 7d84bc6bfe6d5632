import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateSlotDays } from '@carebook/shared';
import { spawnApi } from '../../testing/api/spawn-api';
import { beaconRequests } from './beacon';
import { benchMailOrder } from './mail-order';

/**
 * `npm run bench -w api`: requests per second and p99 latency of GET all-doctors and of booking,
 * each beside a bare node:http server returning the same bytes, measured in the same run on
 * loopback. The API runs as `npm start` runs it (its own process, embedded database); set
 * BENCH_DATABASE_URL to bench on PostgreSQL instead. BENCH_SECONDS (default 5), BENCH_CONNECTIONS
 * (default 50). The list is measured BENCH_RUNS times (default 3), plain and API alternating, and
 * the median ratio is what counts: the machine is shared, single runs are noisy. The API logs at
 * BENCH_LOG_LEVEL (default `info`, as deployed: one access line per request). BENCH_BOOKING=0
 * measures the list only. The whole set runs twice, on two fresh API processes: with the audit trail
 * (as deployed) and with AUDIT_LOG=off, and the two are compared (each booking writes its audit
 * entry in its own transaction: the booking figures are the audit trail's cost on throughput). With
 * the audit trail on, the telemetry beacon (`POST /api/v1/telemetry`, text/plain, a new page id per
 * request, the per-address limit lifted) is measured BENCH_RUNS times beside a plain node:http server
 * reading the same body and answering the same 202 (BENCH_BEACON=0 skips it). Then
 * mail delivery order under a backlog (`bench/mail-order.ts`; BENCH_MAIL=0 skips it, `npm run
 * bench:mail -w api` runs it alone).
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const API_ROOT = path.resolve(__dirname, '..');
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password' };

function startPlain(bytes: Buffer, status: number, dir: string): Promise<{ url: string; child: ChildProcess }> {
  const file = path.join(dir, `reply-${status}.json`);
  writeFileSync(file, bytes);
  // One process (tsx as a loader), like the API, so its CPU time can be read from /proc.
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/plain-server.ts', file, String(status)], {
    cwd: API_ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      const match = /PORT (\d+)/.exec(chunk.toString());
      if (match) resolve({ url: `http://127.0.0.1:${match[1]}`, child });
    });
  });
}

interface Row {
  name: string;
  rps: number;
  p99: number;
  ok: number;
  other: number;
  /** Server CPU time (user + system, all threads) per answered request, in microseconds. */
  cpuUs: number;
}

/** CPU ticks (1/100 s) used so far by a process, from /proc; 0 where there is no /proc. */
function cpuTicks(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

async function measure(name: string, pid: number | undefined, options: Parameters<typeof autocannon>[0]): Promise<Row> {
  const before = cpuTicks(pid);
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const cpuMs = (cpuTicks(pid) - before) * 10;
  const stats = result.statusCodeStats ?? {};
  const ok = Object.entries(stats).filter(([code]) => code.startsWith('2')).reduce((n, [, s]) => n + s.count, 0);
  const answered = Math.max(1, result.requests.total);
  return { name, rps: result.requests.average, p99: result.latency.p99, ok, other: result.non2xx + result.errors, cpuUs: (cpuMs * 1000) / answered };
}

function print(rows: Row[]): void {
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(38)} ${r.rps.toFixed(0).padStart(8)} req/s   p99 ${String(r.p99).padStart(4)} ms   ` +
        `server CPU ${r.cpuUs.toFixed(0).padStart(5)} us/req   2xx ${r.ok}   other ${r.other}`,
    );
  }
}

interface ApiBench {
  list: Row[];
  booking: Row | null;
  /** Median list rate and CPU per request over the runs, and the rate ratio to plain node:http. */
  listRps: number;
  listCpu: number;
  ratios: number[];
  overflow: number;
  /** The beacon runs and their rate ratios to plain node:http (audit on only). */
  beacon: { rows: Row[]; plainRows: Row[]; ratios: number[] } | null;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

interface Plain {
  list: { url: string; child: ChildProcess } | null;
  booked: { url: string; child: ChildProcess } | null;
  beacon: { url: string; child: ChildProcess } | null;
  rows: Row[];
}

/**
 * One API process (its own data folder) with AUDIT_LOG as given: 60 more doctors, one patient per
 * doctor, then the list and booking measured beside the plain servers (started on the first call).
 */
async function benchApi(auditLog: 'on' | 'off', plain: Plain, children: ChildProcess[]): Promise<ApiBench> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-bench-'));
  const env: Record<string, string> = {
    DATA_DIR: dir,
    CLINIC_TIME_ZONE: 'UTC',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_AUTH_MAX: '100000',
    // The bench books thousands of slots: lift the per-patient limit (the rules still run).
    MAX_UPCOMING_PER_PATIENT: '1000000',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
    // The audit trail switched off only to measure what it costs.
    AUDIT_LOG: auditLog,
    // The beacon bench sends from one address: its limit is what it would measure otherwise.
    TELEMETRY_RATE_MAX_PER_ADDRESS: '1000000',
  };
  if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
  // A fresh embedded database runs initdb first: slow on a busy shared machine.
  const api = await spawnApi(env, { readyTimeoutMs: 180_000 });
  try {
    const post = async (route: string, body: unknown, token?: string): Promise<Record<string, unknown>> => {
      const res = await fetch(`${api.url}${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    };

    // More doctors, so the booking run has enough distinct free slots: ~75 doctors x 7 days x 22.
    const admin = (await post('/api/v1/admin/login', ADMIN)).token as string;
    for (let i = 0; i < 60; i += 1) {
      await post('/api/v1/admin/add-doctor', { name: `Dr. Bench ${i}`, speciality: 'General Physician', fees: 50 }, admin);
    }
    const listBytes = Buffer.from(await (await fetch(`${api.url}/api/v1/doctor/all-doctors`)).arrayBuffer());
    const doctorIds = (JSON.parse(listBytes.toString()) as { doctors: Array<{ _id: string; available: boolean }> }).doctors
      .filter((d) => d.available)
      .map((d) => d._id);
    const slots = generateSlotDays({ now: new Date(Date.now() + 60_000), timeZone: 'UTC' }).flatMap((day) =>
      day.times.map((time) => ({ slotDate: day.key, slotTime: time })),
    );
    const bookings = doctorIds.flatMap((docId) => slots.map((slot) => JSON.stringify({ docId, ...slot })));
    // One patient per doctor: a patient never holds two appointments at one time, so every
    // booking of the run is a real insert, not a same-time refusal.
    const tokens: string[] = [];
    for (let i = 0; i < doctorIds.length; i += 1) {
      tokens.push((await post('/api/v1/user/register', { name: `Bench ${i}`, email: `bench${i}@example.com`, password: 'secret1' })).token as string);
    }
    console.log(`audit ${auditLog}: all-doctors reply ${listBytes.length} bytes; ${bookings.length} distinct free slots for booking`);

    if (!plain.list || !plain.booked) {
      plain.list = await startPlain(listBytes, 200, dir);
      plain.booked = await startPlain(Buffer.from(JSON.stringify({ success: true, message: 'Appointment booked' })), 201, dir);
      children.push(plain.list.child, plain.booked.child);
    }

    const list: Row[] = [];
    const ratios: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const plainRow = await measure(`plain node:http, same list bytes #${run}`, plain.list.child.pid, {
        url: `${plain.list.url}/api/v1/doctor/all-doctors`,
      });
      const ours = await measure(`API (audit ${auditLog}) GET all-doctors #${run}`, api.child.pid, { url: `${api.url}/api/v1/doctor/all-doctors` });
      plain.rows.push(plainRow);
      list.push(ours);
      ratios.push(ours.rps / plainRow.rps);
    }

    let beacon: ApiBench['beacon'] = null;
    if (auditLog === 'on' && process.env.BENCH_BEACON !== '0') {
      plain.beacon ??= await startPlain(Buffer.from(JSON.stringify({ success: true })), 202, dir);
      children.push(plain.beacon.child);
      beacon = { rows: [], plainRows: [], ratios: [] };
      for (let run = 1; run <= RUNS; run += 1) {
        const plainRow = await measure(`plain node:http, beacon #${run}`, plain.beacon.child.pid, { url: plain.beacon.url, requests: beaconRequests() });
        const ours = await measure(`API POST telemetry beacon #${run}`, api.child.pid, { url: api.url, requests: beaconRequests() });
        beacon.plainRows.push(plainRow);
        beacon.rows.push(ours);
        beacon.ratios.push(ours.rps / plainRow.rps);
      }
    }

    let next = 0;
    let booking: Row | null = null;
    if (process.env.BENCH_BOOKING !== '0') {
      const bookingRequest = {
        method: 'POST',
        path: '/api/v1/user/book-appointment',
        setupRequest: (request: { headers?: Record<string, string>; body?: string }) => {
          const n = next++;
          return {
            ...request,
            method: 'POST',
            path: '/api/v1/user/book-appointment',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[Math.floor((n % bookings.length) / slots.length)]}` },
            body: bookings[n % bookings.length],
          };
        },
      };
      booking = await measure(`API (audit ${auditLog}) POST book-appointment`, api.child.pid, { url: api.url, requests: [bookingRequest] });
    }
    return {
      list,
      booking,
      listRps: median(list.map((r) => r.rps)),
      listCpu: median(list.map((r) => r.cpuUs)),
      ratios,
      overflow: Math.max(0, next - bookings.length),
      beacon,
    };
  } finally {
    await api.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const children: ChildProcess[] = [];
  const plain: Plain = { list: null, booked: null, beacon: null, rows: [] };
  try {
    // Auditing on (as deployed) and off, in one run on the same machine load.
    const on = await benchApi('on', plain, children);
    const off = await benchApi('off', plain, children);
    const pct = (ratio: number): string => `${(ratio * 100).toFixed(0)}%`;
    for (const [label, result] of [['on', on], ['off', off]] as const) {
      print([...result.list, ...(result.booking ? [result.booking] : [])]);
      console.log(
        `all-doctors (audit ${label}): API at ${pct(median(result.ratios))} of plain node:http, median of ${RUNS} runs ` +
          `(runs: ${result.ratios.map(pct).join(', ')}; aim: >= 70%); server CPU ${result.listCpu.toFixed(0)} us/req`,
      );
      if (result.overflow > 0) console.log(`note: ${result.overflow} booking requests reused a slot and got 409`);
    }
    if (on.beacon) {
      print([...on.beacon.plainRows, ...on.beacon.rows]);
      console.log(
        `telemetry beacon: API at ${pct(median(on.beacon.ratios))} of plain node:http, median of ${RUNS} runs ` +
          `(runs: ${on.beacon.ratios.map(pct).join(', ')}); ${median(on.beacon.rows.map((r) => r.rps)).toFixed(0)} vs ` +
          `${median(on.beacon.plainRows.map((r) => r.rps)).toFixed(0)} req/s, server CPU ${median(on.beacon.rows.map((r) => r.cpuUs)).toFixed(0)} us/beacon`,
      );
    }
    const plainCpu = median(plain.rows.map((r) => r.cpuUs));
    console.log(`plain node:http list: server CPU ${plainCpu.toFixed(0)} us/req`);
    if (plain.booked && process.env.BENCH_BOOKING !== '0') {
      print([await measure('plain node:http, same booking reply', plain.booked.child.pid, { url: plain.booked.url })]);
    }
    console.log(`\nauditing on vs off, same run:`);
    console.log(`  all-doctors req/s ${on.listRps.toFixed(0)} vs ${off.listRps.toFixed(0)} (${pct(on.listRps / off.listRps)}), CPU/request ${on.listCpu.toFixed(0)} vs ${off.listCpu.toFixed(0)} us`);
    if (on.booking && off.booking) {
      console.log(
        `  booking req/s ${on.booking.rps.toFixed(0)} vs ${off.booking.rps.toFixed(0)} (${pct(on.booking.rps / off.booking.rps)}), ` +
          `CPU/booking ${(on.booking.cpuUs / 1000).toFixed(2)} vs ${(off.booking.cpuUs / 1000).toFixed(2)} ms, p99 ${on.booking.p99} vs ${off.booking.p99} ms`,
      );
    }
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
  if (process.env.BENCH_MAIL !== '0') await benchMailOrder();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
