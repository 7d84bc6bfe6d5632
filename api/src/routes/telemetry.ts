import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES } from '@carebook/shared';
import { telemetryBeaconSchema, telemetryReplySchema } from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import { exceedsDepth } from '../lib/json-depth';
import { releasesKeyCheck } from '../lib/releases-key';
import { withErrors } from '../lib/reply-schemas';

/** A beacon holds at most 50 small events: a few KB. Anything larger is refused before it is read whole. */
export const TELEMETRY_BODY_LIMIT = 16 * 1024;
const MINUTE_MS = 60_000;

/**
 * `POST /api/v1/telemetry`: a page's beacon (issue 42). `navigator.sendBeacon` sends a string as
 * text/plain (no CORS preflight), so text/plain is parsed as JSON here, in this route's scope only;
 * application/json works too. Per client address at most TELEMETRY_RATE_MAX_PER_ADDRESS (120) a
 * minute, counted before the body is read (on PostgreSQL, shared by every API process: the
 * database's rate-limit store). A beacon of a bad shape gets a 400 and counts nothing; a good one
 * is buffered and written within a second (`services/telemetry.ts`).
 *
 * The host's server reports the regions it could not render for every patient from one address:
 * with the releases key (`X-Releases-Key`: RELEASES_API_KEY) a beacon is not counted against the
 * per-address limit.
 */
export async function telemetryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const { config, telemetry } = ctx;
  const parse = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: TELEMETRY_BODY_LIMIT }, (request, body, done) => {
    parse(request, typeof body === 'string' ? body : body.toString('utf8'), (error, value) => {
      if (error) return done(error);
      if (exceedsDepth(value)) return done(new HttpError(400, MESSAGES.requestTooDeep));
      return done(null, value);
    });
  });
  const perAddress = app.createRateLimit({
    max: config.telemetryPerAddress,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `telemetry-address:${request.ip}`,
  });
  const carriesKey = releasesKeyCheck(config.releasesApiKey);
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.post(
    '/api/v1/telemetry',
    {
      bodyLimit: TELEMETRY_BODY_LIMIT,
      onRequest: async (request, reply) => {
        if (carriesKey?.(request)) return;
        const state = await perAddress(request);
        if (!state.isAllowed && state.isExceeded) {
          reply.header('retry-after', String(Math.max(1, state.ttlInSeconds)));
          throw new HttpError(429, 'Too many reports from this address. Please wait a minute.');
        }
      },
      schema: { body: telemetryBeaconSchema, response: withErrors({ 202: telemetryReplySchema }) },
    },
    async (request, reply) => {
      telemetry.record(request.body);
      return reply.code(202).send({ success: true as const });
    },
  );
}
