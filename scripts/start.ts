// `npm start`: the API on 4000 (embedded database, seeded), the site on 3000-3004 and the admin app on 5174.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { API_PORT } from '@carebook/shared/apps';
import { adminPortOf, startAdminApp } from '../servers/admin/admin-app';
import { describeAdminCredential, ensureAdminCredential, resolveDataDir } from './admin-credential';
import { startApiProcess } from './api-process';
import { type MailCatcher, startMailCatcher } from './mail-catcher';
import { startSite } from './site-server';
import { RELEASES_KEY_FILE } from '../servers/releases/canary-health';

function ensureKeyFile(file: string): string {
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(24).toString('base64url');
  fs.writeFileSync(file, key, { mode: 0o600 });
  return key;
}

async function main(): Promise<void> {
  const apiPort = Number(process.env.PORT ?? API_PORT);
  const apiUrl = process.env.API_URL ?? `http://localhost:${apiPort}`;
  const adminUrl = process.env.ADMIN_URL ?? 'http://localhost:5174';
  const dataDir = resolveDataDir(process.env);
  const admin = ensureAdminCredential(process.env, dataDir);
  // The key the remotes' servers report their canaries to the API with (and `npm run releases` reads
  // their health with): RELEASES_API_KEY, else one generated once into DATA_DIR.
  const releasesApiKey = process.env.RELEASES_API_KEY?.trim() || ensureKeyFile(path.join(dataDir, RELEASES_KEY_FILE));
  // No mail server configured: a local one with a web inbox, so the emails can be read.
  const mail: MailCatcher | null = process.env.SMTP_URL?.trim()
    ? null
    : await startMailCatcher({
        dataDir,
        smtpPort: Number(process.env.MAILDEV_SMTP_PORT ?? 1025),
        webPort: Number(process.env.MAILDEV_WEB_PORT ?? 1080),
      });
  const api = await startApiProcess({
    port: apiPort,
    host: '0.0.0.0',
    inheritOutput: true,
    timeoutMs: 120_000,
    env: {
      ...(admin.source === 'environment' ? {} : { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
      ...(mail ? { SMTP_URL: mail.smtpUrl } : {}),
      RELEASES_API_KEY: releasesApiKey,
    },
  }).catch(async (error: unknown) => {
    await mail?.stop();
    throw error;
  });
  const started = await Promise.all([
    startSite({ host: '0.0.0.0', publicHost: 'http://localhost', apiUrl, adminUrl, releasesApiKey }),
    startAdminApp({ host: '0.0.0.0', port: adminPortOf(adminUrl), apiUrl }),
  ]).catch(async (error: unknown) => {
    await api.stop();
    await mail?.stop();
    throw error;
  });
  const [site, adminApp] = started;

  console.log(`\nCareBook is running: ${site.url('host')}  (API ${apiUrl})`);
  for (const app of site.apps) console.log(`  ${app.name.padEnd(8)} ${app.url}`);
  for (const line of describeAdminCredential(admin, adminUrl)) console.log(line);
  console.log(
    mail
      ? `  Emails   ${mail.inboxUrl}  (local mail catcher: every email the site sends lands in this inbox; set SMTP_URL to send for real)`
      : '  Emails   sent through SMTP_URL',
  );

  let stopping = false;
  const stop = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await Promise.all([site.close(), adminApp.close()]);
    await api.stop();
    await mail?.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  api.child.once('exit', (code) => {
    if (!stopping) {
      console.error(`The API stopped (exit code ${code}); stopping the site.`);
      void Promise.all([site.close(), adminApp.close(), mail?.stop()]).then(() => process.exit(1));
    }
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
