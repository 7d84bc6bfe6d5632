import path from 'node:path';

export const REPO_ROOT = path.resolve(__dirname, '..');

/** The separately deployed front-end apps and their default ports (DECISIONS.md section 1). */
export const SITE_APPS = [
  { name: 'host', dir: 'host', port: 3000 },
  { name: 'doctors', dir: 'remotes/doctors', port: 3001 },
  { name: 'booking', dir: 'remotes/booking', port: 3002 },
  { name: 'account', dir: 'remotes/account', port: 3003 },
  { name: 'pages', dir: 'remotes/pages', port: 3004 },
] as const;

export type AppName = (typeof SITE_APPS)[number]['name'];
export type RemoteName = Exclude<AppName, 'host'>;

export function distDir(name: AppName): string {
  const app = SITE_APPS.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`Unknown app ${name}`);
  return path.join(REPO_ROOT, app.dir, 'dist');
}
