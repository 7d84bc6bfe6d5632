import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fs from 'node:fs';
import path from 'node:path';
import type { SecurityHeadersOptions } from '../static/security-headers';
import { createAppServer, HOST_ENTRY, IMMUTABLE, notFound, pathnameOf, registerStaticFiles, safeRelative, wantsPage } from '../static/static-files';
import type { CanaryOffer } from './canary';
import { type CanaryWatch, type CanaryWatchOptions, startCanaryWatch } from './canary-watch';
import type { ServedReleases } from './release-follower';
import { builtAtOf } from './release-store';

export interface ReleaseAppOptions {
  /** The remote's kept releases (one of them live): its folder, or a replica's copy of PostgreSQL's. */
  releases: ServedReleases;
  /** What the page's Content-Security-Policy allows besides its own origin (see security-headers.ts). */
  security?: SecurityHeadersOptions;
  /**
   * The canary watch (canary-watch.ts): report to the API and carry out its orders on this store,
   * from when the server is ready until it closes. Unset (no RELEASES_API_KEY): no watch.
   */
  watch?: CanaryWatchOptions;
}

const RELEASE_PATH = /^\/releases\/([^/]+)\/(.+)$/;

/**
 * A remote's server, from its releases. Routes:
 * - `GET /release.json`: the live release and the entry the composed site loads, and the running
 *   canary (null when none) with its entry and plan.
 * - `GET /releases/<id>/<file>`: that release's file, cached for a year (a release never changes),
 *   so a tab that loaded release N keeps getting N's chunks while N is kept.
 * - `GET /` and any other path: the live release's file, else the newest kept release holding it
 *   (`/remoteEntry.js` is the live entry for embedders, and chunks it names resolve from `/`);
 *   a path without an extension that no release holds is the live release's standalone page.
 * - anything else: 404.
 */
export async function createReleaseApp(options: ReleaseAppOptions): Promise<FastifyInstance> {
  const store = options.releases;
  const app = createAppServer(options.security);
  // `reply.sendFile` only: every file is looked up in the releases below.
  await registerStaticFiles(app, { root: store.dir, serve: false });

  let watch: CanaryWatch | null = null;
  let canarySeen: string | null = null;
  const noticeCanary = (id: string | null): void => {
    if (id === canarySeen) return;
    canarySeen = id;
    watch?.poke();
  };

  const sendPage = (reply: FastifyReply): FastifyReply => {
    const live = store.live();
    if (!live) return reply.code(503).type('text/plain').send(`${store.remote} has no live release`);
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html', store.folder(live.id));
  };
  const pageOrNotFound = (request: FastifyRequest, reply: FastifyReply): FastifyReply => (wantsPage(request) ? sendPage(reply) : notFound(reply));

  app.get('/release.json', async (_request, reply) => {
    const live = store.live();
    if (!live) return reply.code(404).type('application/json').send({ message: `${store.remote} has no live release` });
    // The composed site takes the host container (it shares the host's federation runtime) when
    // the release has one; `remoteEntry.js` carries its own runtime, for pages without our host.
    const entryOf = (id: string): string => `/releases/${id}/${fs.existsSync(path.join(store.folder(id), HOST_ENTRY)) ? HOST_ENTRY : 'remoteEntry.js'}`;
    // A running canary is offered with its plan: the host works out the share in force itself.
    const running = store.runningCanary();
    // Every host asks about once a second, so the watch learns of a new or ended canary at once.
    noticeCanary(running?.id ?? null);
    const canary: CanaryOffer | null =
      running && store.list().includes(running.id)
        ? { id: running.id, builtAt: builtAtOf(running.id), entry: entryOf(running.id), startedAt: running.startedAt, stages: running.stages }
        : null;
    return reply
      .header('Cache-Control', 'no-cache')
      .type('application/json')
      .send({ name: store.remote, ...live, entry: entryOf(live.id), canary });
  });
  app.get('/releases/:id/*', (request, reply) => {
    const [, id = '', file = ''] = RELEASE_PATH.exec(pathnameOf(request.url) ?? '') ?? [];
    const relative = safeRelative(file);
    if (!relative || !store.list().includes(id) || !fs.existsSync(path.join(store.folder(id), relative))) return pageOrNotFound(request, reply);
    return reply.header('Cache-Control', IMMUTABLE).sendFile(relative, store.folder(id));
  });
  app.get('/', (_request, reply) => sendPage(reply));
  app.get('/*', (request, reply) => {
    const pathname = pathnameOf(request.url);
    const relative = pathname === null ? null : safeRelative(pathname.replace(/^\/+/, '') || 'index.html');
    if (!relative) return pageOrNotFound(request, reply);
    const live = store.live()?.id;
    const ids = [...(live ? [live] : []), ...store.list().filter((id) => id !== live).reverse()];
    const owner = ids.find((id) => fs.existsSync(path.join(store.folder(id), relative)));
    return owner ? reply.sendFile(relative, store.folder(owner)) : pageOrNotFound(request, reply);
  });
  app.setNotFoundHandler((_request, reply) => notFound(reply));
  const watchOptions = options.watch;
  if (watchOptions) {
    app.addHook('onReady', async () => {
      watch = startCanaryWatch(watchOptions);
    });
    app.addHook('onClose', async () => {
      await watch?.stop();
    });
  }
  return app;
}
