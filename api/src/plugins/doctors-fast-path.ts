import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { DoctorsCache } from '../lib/doctors-cache';
import { matchesEtag, pickEncoding, type PreparedReply } from '../lib/prepared-reply';

export const DOCTORS_PATH = '/api/v1/doctor/all-doctors';
const SUMMARY_EVERY_MS = 60_000;

export interface DoctorsFastPathOptions {
  cache: DoctorsCache<PreparedReply>;
  corsOrigins: readonly string[];
  isClosing: () => boolean;
  log: FastifyBaseLogger;
}

/**
 * The doctor list is the site's hottest call: every visit asks for it, and it is the same bytes
 * for everyone until something changes. Fastify's per-request machinery (routing, hooks, a child
 * logger, the reply object) cost it about half of a bare node:http server's rate, so this serves
 * the list straight from the HTTP server's request handler when the prepared reply is in memory,
 * with the same headers the fastify route (`routes/doctors.ts`) sends: CORS for the allowed
 * origins, ETag / 304, brotli or gzip. Anything else (other methods, a query string, a cold cache,
 * shutting down) goes to fastify as usual.
 *
 * Logging, chosen by measurement (api/README.md): one access line per request cost this path a
 * sixth of its rate, and a line per doctor-list read says nothing a count does not. So this path
 * logs one summary line a minute (requests, 304s) at info; errors cannot happen here (bytes from
 * memory), and every other request keeps its own access line.
 */
export function createDoctorsFastPath(options: DoctorsFastPathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  const allowed = new Set(options.corsOrigins);
  let served = 0;
  let notModified = 0;
  const summary = setInterval(() => {
    if (served === 0) return;
    options.log.info({ url: DOCTORS_PATH, requests: served, notModified, periodSeconds: SUMMARY_EVERY_MS / 1000 }, 'doctor list served');
    served = 0;
    notModified = 0;
  }, SUMMARY_EVERY_MS);
  summary.unref();

  return (req, res) => {
    if (req.method !== 'GET' || req.url !== DOCTORS_PATH || options.isClosing()) return false;
    const prepared = options.cache.peek();
    if (!prepared) return false;
    served += 1;
    const headers: Record<string, string | number> = {
      etag: prepared.etag,
      'cache-control': 'no-cache',
      vary: 'Origin, Accept-Encoding',
      'x-content-type-options': 'nosniff',
    };
    const origin = req.headers.origin;
    if (origin !== undefined && allowed.has(origin)) headers['access-control-allow-origin'] = origin;
    if (matchesEtag(req.headers['if-none-match'], prepared.etag)) {
      notModified += 1;
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const encoding = pickEncoding(req.headers['accept-encoding']);
    const body = encoding === null ? prepared.bytes : prepared[encoding];
    headers['content-type'] = 'application/json; charset=utf-8';
    headers['content-length'] = body.length;
    if (encoding !== null) headers['content-encoding'] = encoding;
    res.writeHead(200, headers);
    res.end(body);
    return true;
  };
}
