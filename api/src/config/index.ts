import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isValidTimeZone } from '@carebook/shared';
import { API_PORT, APPS, appNamed, localOrigin } from '@carebook/shared/apps';
import { type AbuseLimits, readAbuseLimits, readTrustProxy, type TrustProxy } from './config-limits';

/** Everything the API reads from the environment, checked once at start. */
export interface Config {
  host: string;
  port: number;
  /** Absolute; holds the embedded database, uploaded photos and the generated JWT secret. */
  dataDir: string;
  databaseUrl: string | null;
  /**
   * JWT_SECRET, or the secret generated into DATA_DIR. In the second case (`jwtSecretFromEnv`
   * false) it only seeds the database's shared secret: see `lib/signing-secret.ts`.
   */
  jwtSecret: string;
  jwtSecretFromEnv: boolean;
  clinicTimeZone: string;
  corsOrigins: string[];
  /** Absolute base for image URLs in replies, without a trailing slash. */
  publicUrl: string;
  admin: { email: string; password: string } | null;
  /** Login/register attempts per IP per minute. */
  rateLimitAuthMax: number;
  /** Upcoming (live, not yet started) appointments one patient may hold. */
  maxUpcomingPerPatient: number;
  /** NO_SHOW_LIMIT missed visits within NO_SHOW_WINDOW_DAYS stop online booking; 0 (default) is off. */
  noShowLimit: number;
  noShowWindowDays: number;
  /** CANCEL_CUTOFF_HOURS: online cancel and move close this long before the visit; 0 (default) is off. */
  cancelCutoffHours: number;
  /** A session unused this many days ends (SESSION_IDLE_DAYS). */
  sessionIdleDays: number;
  /** Every session ends this many days after it started (SESSION_MAX_DAYS). */
  sessionMaxDays: number;
  /** AUDIT_LOG=off turns the audit trail off: for measuring its cost (`npm run bench`) only. */
  auditEnabled: boolean;
  /** Per-account and per-address limits on booking, sign-up and failed logins. */
  limits: AbuseLimits;
  /** Which forwarded headers to believe for the client's address (TRUST_PROXY). */
  trustProxy: TrustProxy;
  logLevel: string;
  mail: MailConfig;
  /**
   * RELEASES_API_KEY: the key the remotes' own servers send (header `X-Releases-Key`) to report
   * their canary and take orders (`POST /api/v1/releases/:remote/check`); null: those routes say 503.
   */
  releasesApiKey: string | null;
  /** TELEMETRY_RATE_MAX_PER_ADDRESS: telemetry beacons per client address per minute. */
  telemetryPerAddress: number;
}

/** Where and how emails go (see `services/mail-sender.ts`). */
export interface MailConfig {
  /** `smtp://user:pass@host:port` or `smtps://...`; `null`: emails wait in the outbox, unsent. */
  smtpUrl: string | null;
  /** The From header: `CareBook <no-reply@carebook.local>`. */
  from: string;
  /** Base of the links in emails (the patient site), without a trailing slash. */
  siteUrl: string;
  /** A visit gets its reminder once it is this many hours away or less (and still 1 hour or more). */
  reminderHours: number;
  /** How often the sender looks for due emails and reminders. */
  pollMs: number;
  /** The first retry's delay after a failed send; it doubles per attempt, up to an hour. */
  retryBaseMs: number;
}

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Every app of the app list on a developer's machine, and the host by IP as well. */
export const DEFAULT_CORS_ORIGINS = [
  ...APPS.map((app) => localOrigin(app)),
  localOrigin(appNamed('host'), '127.0.0.1'),
];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === '' ? undefined : raw;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = value(env, name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return n;
}

/**
 * The JWT secret: JWT_SECRET when set, else one generated on first start and kept in DATA_DIR,
 * so tokens survive restarts without any setting.
 */
function jwtSecret(env: Env, dataDir: string, problems: string[]): string {
  const given = value(env, 'JWT_SECRET');
  if (given !== undefined) {
    if (given.length < 32) problems.push('JWT_SECRET must be at least 32 characters long');
    return given;
  }
  if (problems.length > 0) return '';
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}

function storage(env: Env, problems: string[]): Pick<Config, 'dataDir' | 'databaseUrl'> {
  const dataDir = path.resolve(REPO_ROOT, value(env, 'DATA_DIR') ?? '.data');
  const databaseUrl = value(env, 'DATABASE_URL') ?? null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL must start with postgres:// or postgresql://');
  }
  return { dataDir, databaseUrl };
}

/**
 * Only where the data lives (DATA_DIR, DATABASE_URL), read exactly as the API reads them: for the
 * backup and restore commands, which need nothing else and must not create a signing secret.
 */
export function loadStorageConfig(env: Env = process.env): Pick<Config, 'dataDir' | 'databaseUrl'> {
  const problems: string[] = [];
  const result = storage(env, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return result;
}

/**
 * Reads and checks the environment. Relative DATA_DIR values are resolved against the repository
 * root (not the working directory), so `npm start` and `npm start -w api` share one folder.
 * Throws a {@link ConfigError} listing every problem at once.
 */
export function loadConfig(env: Env = process.env): Config {
  const problems: string[] = [];
  const port = integer(env, 'PORT', API_PORT, 0, 65535, problems);
  const { dataDir, databaseUrl } = storage(env, problems);

  const clinicTimeZone = value(env, 'CLINIC_TIME_ZONE') ?? 'UTC';
  if (!isValidTimeZone(clinicTimeZone)) {
    problems.push(`CLINIC_TIME_ZONE must be an IANA time zone such as Europe/Berlin (got "${clinicTimeZone}")`);
  }

  const corsOrigins = (value(env, 'CORS_ORIGINS')?.split(',') ?? DEFAULT_CORS_ORIGINS)
    .map((o) => o.trim().replace(/\/$/, ''))
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) problems.push(`CORS_ORIGINS: "${origin}" is not an origin like http://host:port`);
  }

  const publicUrl = (value(env, 'PUBLIC_URL') ?? `http://localhost:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/\S+$/.test(publicUrl)) problems.push('PUBLIC_URL must be an http(s) URL');

  const adminEmail = value(env, 'ADMIN_EMAIL');
  const adminPassword = env.ADMIN_PASSWORD;
  let admin: Config['admin'] = null;
  if (adminEmail !== undefined || adminPassword) {
    if (adminEmail === undefined || !adminPassword) {
      problems.push('ADMIN_EMAIL and ADMIN_PASSWORD must be set together (or both left unset to turn the admin API off)');
    } else if (adminPassword.length < 8) {
      problems.push('ADMIN_PASSWORD must be at least 8 characters long');
    } else {
      admin = { email: adminEmail.toLowerCase(), password: adminPassword };
    }
  }

  const rateLimitAuthMax = integer(env, 'RATE_LIMIT_AUTH_MAX', 20, 1, 1_000_000, problems);
  const maxUpcomingPerPatient = integer(env, 'MAX_UPCOMING_PER_PATIENT', 5, 1, 1_000_000, problems);
  const noShowLimit = integer(env, 'NO_SHOW_LIMIT', 0, 0, 1000, problems);
  const noShowWindowDays = integer(env, 'NO_SHOW_WINDOW_DAYS', 90, 1, 3650, problems);
  const cancelCutoffHours = integer(env, 'CANCEL_CUTOFF_HOURS', 0, 0, 24 * 14, problems);
  const sessionIdleDays = integer(env, 'SESSION_IDLE_DAYS', 30, 1, 3650, problems);
  const sessionMaxDays = integer(env, 'SESSION_MAX_DAYS', 90, 1, 3650, problems);
  if (sessionIdleDays > sessionMaxDays) problems.push('SESSION_IDLE_DAYS must not be more than SESSION_MAX_DAYS');
  const auditLog = value(env, 'AUDIT_LOG') ?? 'on';
  if (auditLog !== 'on' && auditLog !== 'off') problems.push('AUDIT_LOG must be on or off');
  const limits = readAbuseLimits((name, fallback, min, max) => integer(env, name, fallback, min, max, problems));
  const trustProxy = readTrustProxy(env, problems);
  const host = value(env, 'HOST') ?? '0.0.0.0';
  const logLevel = value(env, 'LOG_LEVEL') ?? 'info';
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    problems.push('LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent');
  }

  const mail = mailConfig(env, problems);
  const releasesApiKey = value(env, 'RELEASES_API_KEY') ?? null;
  if (releasesApiKey !== null && releasesApiKey.length < 24) problems.push('RELEASES_API_KEY must be at least 24 characters long');
  const telemetryPerAddress = integer(env, 'TELEMETRY_RATE_MAX_PER_ADDRESS', 120, 1, 1_000_000, problems);
  const secret = jwtSecret(env, dataDir, problems);
  if (problems.length > 0) throw new ConfigError(problems);
  return {
    host,
    port,
    dataDir,
    databaseUrl,
    jwtSecret: secret,
    jwtSecretFromEnv: value(env, 'JWT_SECRET') !== undefined,
    clinicTimeZone,
    corsOrigins,
    publicUrl,
    admin,
    rateLimitAuthMax,
    maxUpcomingPerPatient,
    noShowLimit,
    noShowWindowDays,
    cancelCutoffHours,
    sessionIdleDays,
    sessionMaxDays,
    auditEnabled: auditLog !== 'off',
    limits,
    trustProxy,
    logLevel,
    mail,
    releasesApiKey,
    telemetryPerAddress,
  };
}

function mailConfig(env: Env, problems: string[]): MailConfig {
  const smtpUrl = value(env, 'SMTP_URL') ?? null;
  if (smtpUrl !== null) {
    let ok = false;
    try {
      const url = new URL(smtpUrl);
      ok = (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
    } catch {
      ok = false;
    }
    if (!ok) problems.push('SMTP_URL must look like smtp://user:pass@host:port (or smtps:// for TLS)');
  }
  const from = value(env, 'MAIL_FROM') ?? 'CareBook <no-reply@carebook.local>';
  if (!/^[^\r\n<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(from)) {
    problems.push('MAIL_FROM must be an address, optionally with a name: CareBook <no-reply@example.com>');
  }
  const siteUrl = (value(env, 'SITE_URL') ?? 'http://localhost:3000').replace(/\/+$/, '');
  if (!/^https?:\/\/\S+$/.test(siteUrl)) problems.push('SITE_URL must be an http(s) URL');
  return {
    smtpUrl,
    from,
    siteUrl,
    reminderHours: integer(env, 'REMINDER_HOURS', 24, 2, 24 * 7, problems),
    // At most a minute: reminders are looked for on every round.
    pollMs: integer(env, 'MAIL_POLL_MS', 5000, 50, 60_000, problems),
    retryBaseMs: integer(env, 'MAIL_RETRY_BASE_MS', 30_000, 10, 3_600_000, problems),
  };
}
