import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../servers/apps/site-apps';

/** The admin login `npm start` hands the API, and where it came from (for the start banner). */
export interface AdminCredential {
  email: string;
  password: string;
  /** `environment`: ADMIN_EMAIL/ADMIN_PASSWORD; `generated`: made now; `stored`: made on an earlier start. */
  source: 'environment' | 'generated' | 'stored';
  /** The file it is kept in, when not from the environment. */
  file?: string;
}

export const GENERATED_ADMIN_EMAIL = 'admin@carebook.local';
export const CREDENTIAL_FILE = 'admin-credential.json';

type Env = Record<string, string | undefined>;

/** DATA_DIR as the API resolves it (api/src/config.ts): relative values against the repository root. */
export function resolveDataDir(env: Env, root = REPO_ROOT): string {
  const given = env.DATA_DIR?.trim();
  return path.resolve(root, given ? given : '.data');
}

function readStored(file: string): { email: string; password: string } | null {
  try {
    const data = JSON.parse(fs.readFileSync(file, 'utf8')) as { email?: unknown; password?: unknown };
    if (typeof data.email === 'string' && typeof data.password === 'string' && data.password.length >= 8) {
      return { email: data.email, password: data.password };
    }
  } catch {
    // Missing or unreadable: a new one is made below.
  }
  return null;
}

/**
 * The admin credential for `npm start`. When ADMIN_EMAIL or ADMIN_PASSWORD is set, the environment
 * wins (the API checks the pair). Otherwise one is generated on the first start, like a
 * self-hosted tool's initial password, and kept in DATA_DIR (owner-only), so the panel works on a
 * fresh machine and the password stays the same across restarts.
 */
export function ensureAdminCredential(env: Env, dataDir: string): AdminCredential {
  const email = env.ADMIN_EMAIL?.trim() ?? '';
  const password = env.ADMIN_PASSWORD ?? '';
  if (email !== '' || password !== '') return { email, password, source: 'environment' };

  const file = path.join(dataDir, CREDENTIAL_FILE);
  const stored = readStored(file);
  if (stored) return { ...stored, source: 'stored', file };

  fs.mkdirSync(dataDir, { recursive: true });
  const generated = { email: GENERATED_ADMIN_EMAIL, password: randomBytes(18).toString('base64url') };
  // Replaces an unreadable file; mode 0600 because it is a password.
  fs.writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return { ...generated, source: 'generated', file };
}

/** The banner lines about the admin login. */
export function describeAdminCredential(credential: AdminCredential, adminUrl: string): string[] {
  if (credential.source === 'environment') {
    return [`  admin    ${adminUrl}  (log in with ADMIN_EMAIL / ADMIN_PASSWORD)`];
  }
  const origin = credential.source === 'generated' ? 'generated now' : 'generated on first start';
  return [
    `  admin    ${adminUrl}`,
    `           email ${credential.email}  password ${credential.password}`,
    `           (${origin}, kept in ${credential.file}; set ADMIN_EMAIL and ADMIN_PASSWORD to use your own)`,
  ];
}
