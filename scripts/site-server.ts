import type { FastifyInstance } from 'fastify';
import { createStaticApp } from './static-app';
import { distDir, SITE_APPS, type AppName } from './site-apps';

export interface SiteOptions {
  host?: string;
  /** Port per app; the defaults are 3000-3004. */
  ports?: Partial<Record<AppName, number>>;
  /** Origin remotes are reached at from the browser, e.g. `http://localhost`. */
  publicHost?: string;
  apiUrl: string;
  adminUrl: string;
}

export interface RunningApp {
  name: AppName;
  port: number;
  url: string;
  server: FastifyInstance;
}

export interface Site {
  apps: RunningApp[];
  url(name: AppName): string;
  /** Stop one app (to test a remote being down) and start it again on the same port. */
  stopApp(name: AppName): Promise<void>;
  startApp(name: AppName): Promise<void>;
  close(): Promise<void>;
}

/** Serves the host and each remote from its own port, as separate deployments would. */
export async function startSite(options: SiteOptions): Promise<Site> {
  const listenHost = options.host ?? '127.0.0.1';
  const publicHost = options.publicHost ?? `http://${listenHost === '0.0.0.0' ? 'localhost' : listenHost}`;
  const portOf = (name: AppName): number =>
    options.ports?.[name] ?? SITE_APPS.find((app) => app.name === name)?.port ?? 0;
  const url = (name: AppName): string => `${publicHost}:${portOf(name)}`;
  const runtimeConfig = {
    apiUrl: options.apiUrl,
    adminUrl: options.adminUrl,
    remotes: Object.fromEntries(
      SITE_APPS.filter((app) => app.name !== 'host').map((app) => [app.name, `${url(app.name)}/remoteEntry.js`]),
    ),
  };

  const running = new Map<AppName, RunningApp>();
  async function startApp(name: AppName): Promise<void> {
    const server = await createStaticApp({
      root: distDir(name),
      runtimeConfig: name === 'host' ? runtimeConfig : undefined,
    });
    await server.listen({ host: listenHost, port: portOf(name) });
    running.set(name, { name, port: portOf(name), url: url(name), server });
  }
  async function stopApp(name: AppName): Promise<void> {
    const app = running.get(name);
    running.delete(name);
    await app?.server.close();
  }

  for (const app of SITE_APPS) await startApp(app.name);
  return {
    get apps() {
      return [...running.values()];
    },
    url,
    stopApp,
    startApp,
    close: async () => {
      await Promise.all([...running.keys()].map((name) => stopApp(name)));
    },
  };
}
