import { randomUUID } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import cors from '@fastify/cors';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { LIMITS } from '@carebook/shared';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/db';
import { DoctorsCache } from './lib/doctors-cache';
import { UploadStore } from './lib/images';
import { prepareReply } from './lib/prepared-reply';
import { createRateLimits } from './lib/rate-limits';
import { sharedRateLimitStore } from './lib/shared-rate-limit-store';
import { resolveSigningSecret } from './lib/signing-secret';
import { createTokenSigner } from './lib/tokens';
import { createAudit } from './plugins/audit';
import { createGuards } from './plugins/auth';
import { registerAccessLog } from './plugins/access-log';
import { createDoctorsFastPath } from './plugins/doctors-fast-path';
import { registerErrorHandler, replyToFrameworkError } from './plugins/error-handler';
import { registerJsonBody } from './plugins/json-body';
import { registerJsonReplies } from './plugins/json-replies';
import { requireReplySchemas } from './plugins/route-contract';
import { serveImages } from './plugins/static-files';
import { registerReplyHeaders } from './plugins/reply-headers';
import { registerShutdown } from './plugins/shutdown';
import { serveUploads } from './plugins/uploads';
import { buildDoctorsReply } from './routes/doctors';
import { accountSessionRoutes } from './routes/account-sessions';
import { adminRoutes } from './routes/admin';
import { adminActivityRoutes } from './routes/admin-activity';
import { adminDeskRoutes } from './routes/admin-desk';
import { adminMailRoutes } from './routes/admin-mail';
import { appointmentRoutes } from './routes/appointments';
import { calendarRoutes } from './routes/calendar';
import { clinicRoutes } from './routes/clinic';
import { doctorRoutes } from './routes/doctors';
import { ratingRoutes } from './routes/ratings';
import { passwordResetRoutes } from './routes/password-reset';
import { rescheduleRoutes } from './routes/reschedule';
import { userRoutes } from './routes/users';
import { createAppointmentMail } from './services/appointment-mail';
import { createAppointmentWrites } from './services/appointment-writes';
import { createWaitlist } from './services/waitlist';
import { waitlistRoutes } from './routes/waitlist';
import { adminNoShowRoutes } from './routes/admin-no-shows';
import { createDoctorWrites } from './services/doctor-writes';
import { watchDoctorList } from './services/doctor-list-changes';
import { startMailSender } from './services/mail-sender';
import { adminCredentialId } from './services/sessions';
import { createReleaseWatch } from './services/release-watch';
import { startTelemetry } from './services/telemetry';
import { releaseRoutes } from './routes/releases';
import { telemetryRoutes } from './routes/telemetry';

export interface BuildAppOptions {
  db: Db;
  config: Config;
  /** The clock for slot rules; injectable for tests. */
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

const STATIC_DIR = path.resolve(__dirname, '..', 'static');

/** A hop count as fastify's types take it: trust the nearest `hops` addresses of the chain. */
function trustProxyOption(trust: Config['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

/** Builds the whole API on an open, migrated database. Never listens (see `server.ts`). */
export async function buildApp({ db, config, now = () => new Date(), logger }: BuildAppOptions): Promise<FastifyInstance> {
  let fastPath: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | null = null;
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // One access line per request instead of fastify's two (see `plugins/access-log.ts`).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 64 * 1024,
    // Unique across processes, so an audit entry's request id finds the one access line.
    genReqId: () => randomUUID(),
    // Unset TRUST_PROXY: false, so a forged X-Forwarded-For cannot pick another rate-limit bucket.
    trustProxy: trustProxyOption(config.trustProxy),
    // Malformed URLs (`/%`) get our error shape, not fastify's own body.
    frameworkErrors: replyToFrameworkError,
    // server.ts closes idle keep-alive connections itself, after in-flight replies had a chance
    // to say `Connection: close` (see `plugins/shutdown.ts`).
    forceCloseConnections: false,
    // Requests arriving while closing get the product's 503 from `plugins/shutdown.ts`.
    return503OnClosing: false,
    // The doctor list is served before fastify when it is in memory (see `plugins/doctors-fast-path.ts`).
    serverFactory: (handler) => {
      const server = http.createServer((req, res) => {
        if (!fastPath?.(req, res)) handler(req, res);
      });
      server.keepAliveTimeout = 72_000; // fastify's own default: longer than common load balancers' idle timeouts
      return server;
    },
  });
  // fastify parses text/plain by default; our API takes JSON or multipart only, so it is a 415.
  app.removeContentTypeParser('text/plain');
  registerJsonBody(app);

  const signer = createTokenSigner(await resolveSigningSecret(db, config));
  const doctorsCache = new DoctorsCache(async () => prepareReply(await buildDoctorsReply(db, config, now())));
  fastPath = createDoctorsFastPath({
    cache: doctorsCache,
    corsOrigins: config.corsOrigins,
    isClosing: () => app.isShuttingDown(),
    log: app.log,
  });
  // Another process booked or edited something: it drops our copy of the list too.
  const doctorList = await watchDoctorList(db, () => doctorsCache.invalidate(), app.log);
  app.addHook('onClose', doctorList.stop);
  const uploads = new UploadStore(db, path.join(config.dataDir, 'uploads'));
  const appointmentMail = createAppointmentMail({ timeZone: config.clinicTimeZone, siteUrl: config.mail.siteUrl }, now);
  // Emails leave through the outbox: requests write rows, this loop sends them (and reminders).
  const mailSender = await startMailSender({ db, mail: config.mail, timeZone: config.clinicTimeZone, now, log: app.log, appointmentMail });
  app.addHook('onClose', mailSender.stop);
  // Freed times go to the patients waiting for an earlier one, in the freeing's transaction.
  const waitlist = createWaitlist({ ...config, timeZone: config.clinicTimeZone, siteUrl: config.mail.siteUrl }, now);
  const sessions = {
    signer,
    now,
    policy: { idleDays: config.sessionIdleDays, maxDays: config.sessionMaxDays },
    // Admin tokens issued under another ADMIN_EMAIL or ADMIN_PASSWORD are refused (services/sessions.ts).
    adminCredential: config.admin ? adminCredentialId(config.admin) : null,
  };
  const audit = createAudit(db, { now, enabled: config.auditEnabled, log: app.log });
  // Beacons are buffered and written every second; a clean stop writes the rest.
  const telemetry = startTelemetry({ db, now, log: app.log });
  app.addHook('onClose', telemetry.stop);
  // Registered before the context: the per-account limits are built on its store.
  // On PostgreSQL the counters are the database's, one budget for every API process; embedded, in memory.
  await app.register(rateLimit, { global: false, ...(db.driver === 'postgres' ? { store: sharedRateLimitStore(db) } : {}) });
  const ctx: AppContext = {
    db,
    config,
    now,
    signer,
    guards: createGuards(signer, db, sessions, audit),
    audit,
    sessions,
    uploads,
    doctorsCache,
    appointmentWrites: createAppointmentWrites(db, doctorList.changes, config, appointmentMail, waitlist),
    doctorWrites: createDoctorWrites(db, doctorList.changes, uploads, appointmentMail, waitlist),
    rateLimits: createRateLimits(app, config),
    telemetry,
    releaseWatch: createReleaseWatch({ db, now, audit, telemetry }),
  };

  // Requests are validated and replies serialised through the shared wire schemas.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  requireReplySchemas(app);

  // External plugins first, then the app's own, then routes.
  registerErrorHandler(app);
  registerShutdown(app);
  registerReplyHeaders(app);
  registerJsonReplies(app);
  registerAccessLog(app);
  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'HEAD', 'OPTIONS'],
    // If-None-Match / ETag: the admin calendar polls its lists and is answered 304 while nothing changed.
    allowedHeaders: ['Content-Type', 'Authorization', 'token', 'atoken', 'Idempotency-Key', 'If-None-Match'],
    exposedHeaders: ['ETag'],
    maxAge: 600,
  });
  await app.register(multipart, {
    limits: { fileSize: LIMITS.imageMaxBytes, files: 1, fields: 20, fieldSize: 16 * 1024, parts: 21 },
  });
  await serveImages(app, { prefix: '/static/doctors/', dir: path.join(STATIC_DIR, 'doctors'), cacheControl: 'public, max-age=2592000' });
  serveUploads(app, ctx.uploads);

  await app.register(async (scope) => clinicRoutes(scope, ctx));
  await app.register(async (scope) => doctorRoutes(scope, ctx));
  await app.register(async (scope) => userRoutes(scope, ctx));
  await app.register(async (scope) => passwordResetRoutes(scope, ctx));
  await app.register(async (scope) => appointmentRoutes(scope, ctx));
  await app.register(async (scope) => rescheduleRoutes(scope, ctx));
  await app.register(async (scope) => calendarRoutes(scope, ctx));
  await app.register(async (scope) => ratingRoutes(scope, ctx));
  await app.register(async (scope) => accountSessionRoutes(scope, ctx));
  await app.register(async (scope) => adminRoutes(scope, ctx));
  await app.register(async (scope) => adminDeskRoutes(scope, ctx));
  await app.register(async (scope) => adminActivityRoutes(scope, ctx));
  await app.register(async (scope) => adminMailRoutes(scope, ctx));
  await app.register(async (scope) => waitlistRoutes(scope, ctx));
  await app.register(async (scope) => adminNoShowRoutes(scope, ctx));
  await app.register(async (scope) => telemetryRoutes(scope, ctx));
  await app.register(async (scope) => releaseRoutes(scope, ctx));
  return app;
}
