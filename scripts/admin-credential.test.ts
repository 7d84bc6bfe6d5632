import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  CREDENTIAL_FILE,
  describeAdminCredential,
  ensureAdminCredential,
  GENERATED_ADMIN_EMAIL,
  resolveDataDir,
} from './admin-credential';

describe('the admin credential of npm start', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-admin-cred-')), 'data');
  });
  afterEach(() => fs.rmSync(path.dirname(dataDir), { recursive: true, force: true }));

  it('generates one on the first start, keeps it owner-only, and reuses it afterwards', () => {
    const first = ensureAdminCredential({}, dataDir);
    expect(first).toMatchObject({ email: GENERATED_ADMIN_EMAIL, source: 'generated', file: path.join(dataDir, CREDENTIAL_FILE) });
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(fs.statSync(path.join(dataDir, CREDENTIAL_FILE)).mode & 0o777).toBe(0o600);

    const again = ensureAdminCredential({ ADMIN_EMAIL: '  ', ADMIN_PASSWORD: '' }, dataDir);
    expect(again).toEqual({ ...first, source: 'stored' });
    expect(ensureAdminCredential({}, `${dataDir}-other`).password).not.toBe(first.password);
  });

  it('lets ADMIN_EMAIL / ADMIN_PASSWORD win and writes nothing', () => {
    const fromEnv = ensureAdminCredential({ ADMIN_EMAIL: 'boss@clinic.example', ADMIN_PASSWORD: 'long-enough-1' }, dataDir);
    expect(fromEnv).toEqual({ email: 'boss@clinic.example', password: 'long-enough-1', source: 'environment' });
    expect(fs.existsSync(dataDir)).toBe(false);
    // Half a pair is still the operator's choice: the API refuses it with a clear message.
    expect(ensureAdminCredential({ ADMIN_EMAIL: 'boss@clinic.example' }, dataDir).source).toBe('environment');
  });

  it('replaces a damaged file instead of failing', () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(path.join(dataDir, CREDENTIAL_FILE), '{not json');
    expect(ensureAdminCredential({}, dataDir).source).toBe('generated');
    expect(ensureAdminCredential({}, dataDir).source).toBe('stored');
  });

  it('resolves DATA_DIR like the API does', () => {
    expect(resolveDataDir({}, '/repo')).toBe('/repo/.data');
    expect(resolveDataDir({ DATA_DIR: 'var/data' }, '/repo')).toBe('/repo/var/data');
    expect(resolveDataDir({ DATA_DIR: '/srv/carebook' }, '/repo')).toBe('/srv/carebook');
  });

  it('prints the generated password in the banner, but never one from the environment', () => {
    const generated = ensureAdminCredential({}, dataDir);
    expect(describeAdminCredential(generated, 'http://localhost:5174').join('\n')).toContain(generated.password);
    const fromEnv = describeAdminCredential(
      { email: 'boss@clinic.example', password: 'long-enough-1', source: 'environment' },
      'http://localhost:5174',
    ).join('\n');
    expect(fromEnv).not.toContain('long-enough-1');
    expect(fromEnv).toContain('ADMIN_EMAIL');
  });
});
