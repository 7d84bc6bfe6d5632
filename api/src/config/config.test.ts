import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, DEFAULT_CORS_ORIGINS, loadConfig, REPO_ROOT } from '.';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'carebook-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('works with no settings, generating and keeping a JWT secret in DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 4000,
      dataDir: dir,
      databaseUrl: null,
      clinicTimeZone: 'UTC',
      corsOrigins: DEFAULT_CORS_ORIGINS,
      publicUrl: 'http://localhost:4000',
      admin: null,
      rateLimitAuthMax: 20,
    });
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(config.jwtSecret);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it('resolves a relative DATA_DIR against the repository root, not the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'some/where', JWT_SECRET: 'x'.repeat(32) });
    expect(config.dataDir).toBe(path.join(REPO_ROOT, 'some', 'where'));
    expect(existsSync(path.join(REPO_ROOT, 'some'))).toBe(false);
  });

  it('reads every setting', () => {
    const config = loadConfig({
      DATA_DIR: dir,
      PORT: '5001',
      DATABASE_URL: 'postgres://u@h/db',
      JWT_SECRET: 's'.repeat(40),
      CLINIC_TIME_ZONE: 'Europe/Berlin',
      CORS_ORIGINS: 'https://a.example, https://b.example/',
      PUBLIC_URL: 'https://api.example/',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long-enough',
      RATE_LIMIT_AUTH_MAX: '500',
    });
    expect(config).toMatchObject({
      port: 5001,
      databaseUrl: 'postgres://u@h/db',
      clinicTimeZone: 'Europe/Berlin',
      corsOrigins: ['https://a.example', 'https://b.example'],
      publicUrl: 'https://api.example',
      admin: { email: 'boss@example.com', password: 'long-enough' },
      rateLimitAuthMax: 500,
    });
  });

  it('refuses to start with a list of everything that is wrong', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dir,
        PORT: 'eighty',
        CLINIC_TIME_ZONE: 'Mars/Olympus',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        ADMIN_EMAIL: 'admin@example.com',
        CORS_ORIGINS: 'not an origin',
        RATE_LIMIT_AUTH_MAX: '0',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'CLINIC_TIME_ZONE', 'DATABASE_URL', 'JWT_SECRET', 'ADMIN_PASSWORD', 'CORS_ORIGINS', 'RATE_LIMIT_AUTH_MAX']) {
      expect(problems).toContain(name);
    }
  });

  it('defaults the mail settings so a fresh machine works, and reads them', () => {
    expect(loadConfig({ DATA_DIR: dir }).mail).toEqual({
      smtpUrl: null,
      from: 'CareBook <no-reply@carebook.local>',
      siteUrl: 'http://localhost:3000',
      reminderHours: 24,
      pollMs: 5000,
      retryBaseMs: 30_000,
    });
    const mail = loadConfig({
      DATA_DIR: dir,
      SMTP_URL: 'smtps://user:p%40ss@mail.example.com:465',
      MAIL_FROM: 'no-reply@clinic.example',
      SITE_URL: 'https://clinic.example/',
      REMINDER_HOURS: '48',
      MAIL_POLL_MS: '1000',
      MAIL_RETRY_BASE_MS: '500',
    }).mail;
    expect(mail).toEqual({
      smtpUrl: 'smtps://user:p%40ss@mail.example.com:465',
      from: 'no-reply@clinic.example',
      siteUrl: 'https://clinic.example',
      reminderHours: 48,
      pollMs: 1000,
      retryBaseMs: 500,
    });
  });

  it('refuses mail settings that cannot work, naming each', () => {
    expect(() =>
      loadConfig({ DATA_DIR: dir, SMTP_URL: 'http://mail.example.com', MAIL_FROM: 'nobody', SITE_URL: 'ftp://x', REMINDER_HOURS: '1', MAIL_POLL_MS: '120000' }),
    ).toThrow(
      new ConfigError([
        'SMTP_URL must look like smtp://user:pass@host:port (or smtps:// for TLS)',
        'MAIL_FROM must be an address, optionally with a name: CareBook <no-reply@example.com>',
        'SITE_URL must be an http(s) URL',
        'REMINDER_HOURS must be a whole number from 2 to 168 (got "1")',
        'MAIL_POLL_MS must be a whole number from 50 to 60000 (got "120000")',
      ]),
    );
  });
});
