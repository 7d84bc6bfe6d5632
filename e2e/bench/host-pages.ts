// How fast the host serves a page (docs/architecture.md, "First view"): pages/s of `/doctors` HTML
// from the built, composed site (started here, the real API process behind it) beside a plain
// node:http server in this same process replying the host's own gzip bytes and headers, measured
// in turns in one run; the median ratio is what counts (the machine is shared, single runs are noisy).
// The load comes from autocannon, already locked for the API's bench, run as its own process (its
// CLI) so it never competes with the servers for this process's event loop.
// Run: npm run bench -w e2e   (build first: npm run build). BENCH_SECONDS (default 5),
// BENCH_CONNECTIONS (default 50), BENCH_RUNS (default 3), BENCH_ROUTE (default /doctors).
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { listenLocal, type LocalServer } from '../../testing/node/listen';
import { startStack } from '../../testing/browser/stack';
import { machineLoad } from './machine-load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROUTE = process.env.BENCH_ROUTE ?? '/doctors';
const TARGET_RATIO = 0.3;
/** Headers that describe one connection or one moment, not the page: the plain server sets its own. */
const PER_REPLY = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);

interface Reply {
  status: number;
  headers: Array<[string, string]>;
  body: Buffer;
  /** Status line and header lines as sent, in bytes. */
  headerBytes: number;
}

/** One GET as a browser asking for gzip makes it, body kept compressed. */
function get(url: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const headers: Array<[string, string]> = [];
          for (let i = 0; i < response.rawHeaders.length; i += 2) headers.push([response.rawHeaders[i] ?? '', response.rawHeaders[i + 1] ?? '']);
          const lines = [`HTTP/1.1 ${response.statusCode} ${response.statusMessage}`, ...headers.map(([name, value]) => `${name}: ${value}`)];
          resolve({
            status: response.statusCode ?? 0,
            headers,
            body: Buffer.concat(chunks),
            headerBytes: Buffer.byteLength(`${lines.join('\r\n')}\r\n\r\n`),
          });
        });
      })
      .on('error', reject);
  });
}

/** A bare node:http server replying `reply` (its status, page headers and body bytes) to every request. */
function startPlain(reply: Reply): Promise<LocalServer> {
  const headers = reply.headers.filter(([name]) => !PER_REPLY.has(name.toLowerCase())).flat();
  const server = http.createServer((request, response) => {
    request.resume();
    response.writeHead(reply.status, [...headers, 'Content-Length', String(reply.body.length)]);
    response.end(reply.body);
  });
  return listenLocal(server);
}

/** What the bench reads from autocannon's JSON result. */
interface LoadResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

interface Row {
  name: string;
  pagesPerSecond: number;
  p50: number;
  p99: number;
  /** Bytes received per reply, headers included. */
  bytesPerReply: number;
  failed: number;
  /** CPU time per reply (user + system, microseconds) of this process (the site's servers or the plain one) and of the API's. */
  cpuUs: number;
  apiCpuUs: number;
}

/** CPU time (µs) a process has used so far, from /proc; 0 where there is no /proc. */
function cpuOf(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10_000;
  } catch {
    return 0;
  }
}

function load(name: string, url: string, apiPid: number | undefined): Promise<Row> {
  const cli = require.resolve('autocannon/autocannon.js');
  const args = [cli, '--json', '-c', String(CONNECTIONS), '-d', String(SECONDS), '-H', 'accept-encoding=gzip', url];
  const before = { own: process.cpuUsage(), api: cpuOf(apiPid) };
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) return reject(error);
      const result = JSON.parse(stdout) as LoadResult;
      const own = process.cpuUsage(before.own);
      const replies = Math.max(1, result.requests.total);
      resolve({
        name,
        pagesPerSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        bytesPerReply: result.throughput.total / replies,
        failed: result.non2xx + result.errors + result.timeouts,
        cpuUs: (own.user + own.system) / replies,
        apiCpuUs: (cpuOf(apiPid) - before.api) / replies,
      });
    });
  });
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

function print(row: Row): void {
  console.log(
    `${row.name.padEnd(30)}${row.pagesPerSecond.toFixed(0).padStart(8)} pages/s   p50 ${String(row.p50).padStart(4)} ms   ` +
      `p99 ${String(row.p99).padStart(5)} ms   ${row.bytesPerReply.toFixed(0)} bytes/reply   failed ${row.failed}   ` +
      `CPU/reply: this process ${row.cpuUs.toFixed(0)} us, API ${row.apiCpuUs.toFixed(0)} us`,
  );
}

async function main(): Promise<void> {
  const stack = await startStack();
  let plain: LocalServer | null = null;
  try {
    const hostUrl = `${stack.siteUrl}${ROUTE}`;
    const sample = await get(hostUrl);
    const encoding = sample.headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
    if (sample.status !== 200 || encoding !== 'gzip') throw new Error(`${ROUTE}: status ${sample.status}, encoding ${encoding ?? 'none'}`);
    plain = await startPlain(sample);
    const copy = await get(`${plain.url}${ROUTE}`);
    if (!copy.body.equals(sample.body)) throw new Error('the plain server does not send the same body');
    console.log(
      `${ROUTE}: ${sample.body.length} bytes gzip; headers ${sample.headerBytes} bytes from the host, ${copy.headerBytes} from the plain server`,
    );
    console.log(`${CONNECTIONS} connections, ${SECONDS} s per run, ${RUNS} runs, plain and host in turns; ${machineLoad()}\n`);
    const ratios: number[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      const plainRow = await load(`plain node:http #${run}`, `${plain.url}${ROUTE}`, stack.api.child.pid);
      const hostRow = await load(`host ${ROUTE} #${run}`, hostUrl, stack.api.child.pid);
      print(plainRow);
      print(hostRow);
      ratios.push(hostRow.pagesPerSecond / plainRow.pagesPerSecond);
    }
    const ratio = median(ratios);
    console.log(
      `\nhost ${ROUTE} at ${ratio.toFixed(3)}x of plain node:http, median of ${RUNS} runs ` +
        `(runs: ${ratios.map((value) => `${value.toFixed(3)}x`).join(', ')}; target >= ${TARGET_RATIO.toFixed(2)}x: ` +
        `${ratio >= TARGET_RATIO ? 'met' : 'not met'}); ${machineLoad()}`,
    );
  } finally {
    await plain?.close();
    await stack.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
