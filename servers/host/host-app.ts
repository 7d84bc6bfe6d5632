import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { randomInt } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTE_PATTERNS, type RuntimeConfig } from '@carebook/shared';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { BUCKETS, BUCKET_COOKIE, bucketCookieOptions, bucketFromCookie } from '../releases/canary';
import type { SecurityHeadersOptions } from '../static/security-headers';
import { createAppServer, notFound, registerStaticFiles, wantsPage } from '../static/static-files';
import { registerBookingForm, type BookingFormOptions } from './booking-form';

export interface HostAppOptions {
  /** The host's built folder. */
  root: string;
  /** Served as `/remotes.json` (the host's run-time configuration), computed per request for the patient's bucket. */
  runtimeConfig: (bucket: number) => Promise<RuntimeConfig>;
  /** Each page's HTML, rendered on the server (render-page.ts) with the releases of the patient's bucket. */
  renderPage: (url: string, bucket: number) => Promise<{ status: number; html: string; gzip?: Buffer }>;
  /** Page routes (router patterns such as `/appointment/:docId`, a last `:param?` optional). */
  pagePaths: readonly string[];
  /** What the page's Content-Security-Policy allows besides its own origin (see security-headers.ts). */
  security?: SecurityHeadersOptions;
  /** Booking from the doctor's page's own form, without the app (booking-form.ts); off when absent. */
  bookingForm?: BookingFormOptions;
}

/** A route for each page pattern, and one for its required part when its last parameter is optional. */
function pageRoutes(patterns: readonly string[]): string[] {
  const routes = new Set(['/']);
  for (const pattern of patterns) {
    routes.add(pattern.replace(/\/:[^/]+\?$/, '') || '/');
    routes.add(pattern.replace(/\?$/, ''));
  }
  return [...routes];
}

/**
 * The host's HTTP server. Routes: `GET /remotes.json` the run-time configuration; `GET /` and
 * every page pattern the page rendered on the server; `POST` to a page (a form sent before the app)
 * a redirect back to it, but for the booking form (booking-form.ts); `GET /*` the host's built files; a read of
 * any other path without an extension the rendered page (the shell's "not found", status 404);
 * anything else 404.
 */
export async function createHostApp(options: HostAppOptions): Promise<FastifyInstance> {
  const indexHtml = path.join(options.root, 'index.html');
  if (!fs.existsSync(indexHtml)) throw new Error(`${indexHtml} is missing: run npm run build first`);
  const app = createAppServer(options.security);
  // The patient's bucket for canary releases (releases/canary.ts): read from the cookie, or drawn
  // and set with this answer. A random number from 0 to 99 says nothing about the patient.
  await app.register(fastifyCookie);
  const bucketOf = (request: FastifyRequest, reply: FastifyReply): number => {
    const known = bucketFromCookie(request.cookies[BUCKET_COOKIE]);
    if (known !== null) return known;
    const bucket = randomInt(BUCKETS);
    reply.setCookie(BUCKET_COOKIE, String(bucket), bucketCookieOptions(Boolean(options.security?.https)));
    return bucket;
  };
  app.get('/remotes.json', async (request, reply) => {
    const config = await options.runtimeConfig(bucketOf(request, reply));
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Cookie').type('application/json').send(JSON.stringify(config));
  });
  // `/` is a page like any other route, not the raw index.html.
  await registerStaticFiles(app, { root: options.root, serve: true, index: false });
  const checkConfirmation = options.bookingForm ? await registerBookingForm(app, options.bookingForm) : null;
  const sendPage = async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    if (checkConfirmation && request.routeOptions.url === ROUTE_PATTERNS.doctorPage) {
      const elsewhere = await checkConfirmation(request);
      if (elsewhere) return reply.header('Cache-Control', 'no-store').redirect(elsewhere, 303);
    }
    const { status, html, gzip } = await options.renderPage(request.url, bucketOf(request, reply));
    reply.code(status).header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding, Cookie').type('text/html; charset=utf-8');
    // On a slow phone every kilobyte counts: gzip whenever the browser takes it. `negotiator`
    // reads Accept-Encoding as the RFC says: `gzip;q=0` refuses gzip, `*` accepts it.
    if (new Negotiator(request).encoding(['gzip']) !== 'gzip') return reply.send(html);
    return reply.header('Content-Encoding', 'gzip').send(gzip ?? zlib.gzipSync(html, { level: 6 }));
  };
  // Pages are routed straight to the renderer, without the static files' lookup on disk first; `/`
  // in particular: without an index file the static plugin answers a request for it that asks for
  // no compression with 403.
  for (const route of pageRoutes(options.pagePaths)) app.get(route, sendPage);
  // A form of the server's page sent before the app has taken it over (or with JavaScript off)
  // goes as the browser's own post (the forms with a password or personal data say `method="post"`,
  // so none of it lands in the address, the history or a log). Only the doctor's page's booking
  // form is served here without the app; any other such post is answered with the page again
  // (post/redirect/get), its body read by no one.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) await app.register(fastifyFormbody, { bodyLimit: 2048 });
  for (const route of pageRoutes(options.pagePaths)) {
    if (app.hasRoute({ method: 'POST', url: route })) continue;
    app.post(route, async (request, reply) => reply.header('Cache-Control', 'no-store').redirect(request.url, 303));
  }
  app.setNotFoundHandler((request, reply) => (wantsPage(request) ? sendPage(request, reply) : notFound(reply)));
  return app;
}
