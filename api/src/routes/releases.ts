import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminReleasesQuerySchema,
  adminReleasesReplySchema,
  releaseCheckReplySchema,
  releaseCheckRequestSchema,
  releaseHealthReplySchema,
  releaseOrderReplySchema,
  releaseOrderRequestSchema,
  releaseRemoteParamsSchema,
} from '@carebook/shared/contract';
import type { AdminReleasesReply } from '@carebook/shared';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import { releasesKeyCheck } from '../lib/releases-key';
import { withErrors } from '../lib/reply-schemas';
import { releaseWindows } from '../services/telemetry';

const WINDOW_MS = { hour: 60 * 60_000, day: 24 * 60 * 60_000 } as const;

/**
 * The canary watch's routes (issue 42):
 * - for the remotes' own servers, with the key RELEASES_API_KEY in `X-Releases-Key`:
 *   `POST /api/v1/releases/:remote/check` (report, get the order) and
 *   `GET /api/v1/releases/:remote/health` (what `npm run releases` shows);
 * - for staff: `GET /api/v1/admin/releases?window=hour|day` and
 *   `POST /api/v1/admin/releases/:remote/promote|rollback` (202 when ordered, 409 when that canary
 *   is not the one running). See services/release-watch.ts.
 */
export async function releaseRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db, config, guards, releaseWatch, now } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const carriesKey = releasesKeyCheck(config.releasesApiKey);
  const requireKey = async (request: FastifyRequest): Promise<void> => {
    if (!carriesKey) throw new HttpError(503, 'The API has no RELEASES_API_KEY set, so it takes no release reports.');
    if (!carriesKey(request)) throw new HttpError(401, 'A valid X-Releases-Key header is needed.');
  };

  api.post(
    '/api/v1/releases/:remote/check',
    {
      preValidation: requireKey,
      schema: { params: releaseRemoteParamsSchema, body: releaseCheckRequestSchema, response: withErrors({ 200: releaseCheckReplySchema }) },
    },
    async (request) => {
      const { order, rule } = await releaseWatch.check(request, request.params.remote, request.body);
      return { success: true as const, order, rule };
    },
  );

  api.get(
    '/api/v1/releases/:remote/health',
    { preValidation: requireKey, schema: { params: releaseRemoteParamsSchema, response: withErrors({ 200: releaseHealthReplySchema }) } },
    async (request) => {
      const { remote } = request.params;
      const watch = (await releaseWatch.all()).find((candidate) => candidate.remote === remote);
      return {
        success: true as const,
        remote,
        live: watch?.live ?? null,
        canary: watch?.canary ?? null,
        reportedAt: watch?.reportedAt ?? null,
        order: watch?.order ?? { action: 'none' as const },
        rule: watch ? await releaseWatch.judge(remote, watch) : null,
      };
    },
  );

  if (!config.admin) return;
  const guarded = { preValidation: guards.requireAdmin };

  api.get(
    '/api/v1/admin/releases',
    { ...guarded, schema: { querystring: adminReleasesQuerySchema, response: withErrors({ 200: adminReleasesReplySchema }) } },
    async (request) => {
      const { window } = request.query;
      await ctx.telemetry.flush();
      const [watches, windows] = await Promise.all([releaseWatch.all(), releaseWindows(db, new Date(now().getTime() - WINDOW_MS[window]))]);
      const names = [...new Set([...watches.map((w) => w.remote), ...windows.map((w) => w.remote)])].sort();
      const remotes: AdminReleasesReply['remotes'] = [];
      for (const remote of names) {
        const watch = watches.find((candidate) => candidate.remote === remote);
        const live = watch?.live ?? null;
        const canary = watch?.canary ?? null;
        const releases = windows
          .filter((w) => w.remote === remote)
          .map((w) => ({
            release: w.release,
            role: w.release === live ? ('live' as const) : w.release === canary?.id ? ('canary' as const) : ('earlier' as const),
            views: w.views,
            errorViews: w.errorViews,
            errorRate: w.views > 0 ? Math.min(1, w.errorViews / w.views) : null,
            lcpP75: w.lcpP75,
            inpP75: w.inpP75,
            minutes: w.minutes,
          }))
          .sort((a, b) => b.release.localeCompare(a.release));
        const rule = watch && canary ? await releaseWatch.judge(remote, watch) : null;
        remotes.push({
          remote,
          live,
          canary,
          reportedAt: watch?.reportedAt ?? null,
          releases,
          ...(watch && watch.order.action !== 'none' ? { order: watch.order } : {}),
          ...(rule ? { rule } : {}),
        });
      }
      return { success: true as const, window, remotes };
    },
  );

  for (const action of ['promote', 'rollback'] as const) {
    api.post(
      `/api/v1/admin/releases/:remote/${action}`,
      {
        ...guarded,
        schema: { params: releaseRemoteParamsSchema, body: releaseOrderRequestSchema, response: withErrors({ 202: releaseOrderReplySchema }) },
      },
      async (request, reply) => {
        const { remote } = request.params;
        const order = await releaseWatch.order(request, remote, action, request.body.canary);
        const message = `${action === 'promote' ? 'Promotion' : 'Rollback'} of ${request.body.canary} ordered: ${remote}'s server carries it out at its next check (within about 10 seconds).`;
        return reply.code(202).send({ success: true as const, message, order });
      },
    );
  }
}
