import list from './apps.json';

/**
 * The one list of CareBook's apps (`apps.json` beside this file): its name, folder, default port
 * and, for a remote, the modules it exposes. webpack.shared.js, the lint boundaries, the site
 * servers, the host's build-time defaults, the API's CORS defaults and the compose check all read
 * it, so adding or moving an app is one edit.
 */
export type AppKind = 'host' | 'remote' | 'admin';

export interface AppEntry {
  /** Federation name of a remote, or the app's bare name. */
  name: string;
  kind: AppKind;
  /** Folder from the repository root. */
  dir: string;
  /** Default port, also the port of its container in docker-compose.yml. */
  port: number;
  /** For a remote: exposed module name (without `./`) -> source file from its folder. */
  exposes?: Record<string, string>;
}

export const APPS: readonly AppEntry[] = list.apps as AppEntry[];
export const API_PORT: number = list.api.port;

/** The apps served as the patient site: the host and its remotes. */
export const SITE_APPS: readonly AppEntry[] = APPS.filter((app) => app.kind !== 'admin');
export const REMOTES: readonly AppEntry[] = APPS.filter((app) => app.kind === 'remote');

export function appNamed(name: string): AppEntry {
  const app = APPS.find((candidate) => candidate.name === name);
  if (!app) throw new Error(`Unknown app "${name}": apps are ${APPS.map((candidate) => candidate.name).join(', ')}`);
  return app;
}

/** Where each app answers on a developer's machine (`npm start`). */
export function localOrigin(app: AppEntry, host = 'localhost'): string {
  return `http://${host}:${app.port}`;
}
