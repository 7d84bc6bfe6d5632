import path from 'node:path';
import { APPS, SITE_APPS as SITE_APP_ENTRIES, appNamed } from '@carebook/shared/apps';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The separately deployed front-end apps of the patient site (shared/src/apps.json). */
export const SITE_APPS = SITE_APP_ENTRIES;
export { APPS };

/** An app's name in the app list (`host`, `doctors`, ...). */
export type AppName = string;

export function distDir(name: AppName): string {
  return path.join(REPO_ROOT, appNamed(name).dir, 'dist');
}
