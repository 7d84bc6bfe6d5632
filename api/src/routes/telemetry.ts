import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MESSAGES, type TelemetryBeacon } from '@carebook/shared';
import { REMOTES } from '@carebook/shared/apps';
import { telemetryBeaconSchema, telemetryReplySchema } from '@carebook/shared/contract';
import type { AppContext } from '../context';
import { HttpError } from '../lib/http-error';
import { exceedsDepth } from '../lib/json-depth';
import { releasesKeyCheck } from '../lib/releases-key';
import { withErrors } from '../lib/reply-schemas';

/** A beacon holds at most 50 small events: a few KB. Anything larger is refused before it is read whole. */
export const TELEMETRY_BODY_LIMIT = 16 * 1024;
const MINUTE_MS = 60_000;

/** CareBook's remotes (shared/src/apps.json, the list the host and every remote are built from). */
const KNOWN_REMOTES: ReadonlySet<string> = new Set(REMOTES.map((remote) => remote.name));

/** The remote names a beacon gives that CareBook does not have (none: every name is one of its remotes). */
export function unknownRemotes(beacon: TelemetryBeacon, known: ReadonlySet<string> = KNOWN_REMOTES): string[] {
  const named = [
    ...Object.keys(beacon.releases),
    ...(beacon.canary ?? []),
    ...beacon.events.flatMap((event) => (event.type === 'view' ? event.remotes : event.type === 'vital' ? [] : [event.remote])),
  ];
  return [...new Set(named.filter((name) => !known.has(name)))];
}

const listed = (names: readonly string[]): string => names.map((name) => `"${name}"`).join(', ');

/**
 * `POST /api/v1/telemetry`: a page's beacon (issue 42). `navigator.sendBeacon` sends a string as
 * text/plain (no CORS preflight), so text/plain is parsed as JSON here, in this route's scope only;
 * application/json works too. Per client address at most TELEMETRY_RATE_MAX_PER_ADDRESS (120) a
 * minute, counted before the body is read (on PostgreSQL, shared by every API process: the
 * database's rate-limit store). A beacon of a bad shape gets a 400 and counts nothing; a good one
 * is buffered and written within a second (`services/telemetry.ts`). A beacon naming a remote
 * CareBook does not have (in `releases`, `canary` or an event) is refused with a 400 and counts
 * nothing: every page is built from the same list of remotes (shared/src/apps.json), so such a
 * beacon is forged or broken, and counting it would add rows (and Releases sections) for names anyone
 * can make up.
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
      const unknown = unknownRemotes(request.body);
      if (unknown.length) {
        throw new HttpError(
          400,
          `This report names ${unknown.length === 1 ? 'a remote' : 'remotes'} CareBook does not have (${listed(unknown)}); its remotes are ${listed([...KNOWN_REMOTES])}. Nothing of it was counted.`,
        );
      }
      telemetry.record(request.body);
      return reply.code(202).send({ success: true as const });
    },
  );
}
