// docker-compose.yml and the Dockerfile must describe the system the code runs (ports, remote
// addresses, build targets). A quick check of the text; `npm run test:deploy` runs it for real.
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ADMIN_PORT } from '../servers/admin/admin-app';
import { SITE_APPS } from '../servers/apps/site-apps';
import { REPO_ROOT } from '../testing/node/repo-root';

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string; target?: string; args?: Record<string, string> };
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};
const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');

/** The Dockerfile's stages, by name: the lines from its FROM to the next FROM. */
const stages = new Map(
  dockerfile
    .split(/^(?=FROM )/m)
    .filter((stage) => stage.startsWith('FROM '))
    .map((stage) => [/^FROM \S+ AS (\S+)/.exec(stage)?.[1] ?? '', stage] as const),
);

function published(service: Service): number[] {
  return (service.ports ?? []).map((mapping) => Number(mapping.split(':')[0]));
}

describe('docker-compose.yml and the Dockerfile', () => {
  it('has a service for the host, each remote, the admin app, the API, PostgreSQL and the mail catcher', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['account', 'admin', 'api', 'booking', 'doctors', 'host', 'mail', 'pages', 'postgres'].sort(),
    );
  });

  it.each(Object.entries(compose.services).filter(([, service]) => service.build))(
    '%s builds a target of the one root Dockerfile, on the configurable Node image',
    (_name, service) => {
      expect(service.build?.context).toBe('.');
      expect(service.build?.dockerfile).toBe('Dockerfile');
      expect(stages.has(service.build?.target ?? '')).toBe(true);
      expect(service.build?.args?.NODE_IMAGE).toBe('${NODE_IMAGE:-node:24-bookworm-slim}');
    },
  );

  it('builds every app once, in one stage, and runs bundled JavaScript as a non-root user', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
    const build = stages.get('build') ?? '';
    expect(build.match(/npm install/g)).toHaveLength(1);
    expect(build).toContain('npm run build && npx tsx scripts/deploy/bundle-servers.ts /out');
    for (const target of ['api', 'site', 'admin', 'mail']) {
      const stage = stages.get(target) ?? '';
      expect(stage).toMatch(/^USER node$/m);
      expect(stage).not.toMatch(/tsx/);
    }
    expect(stages.get('api')).toContain('CMD ["node", "server/api.js"]');
    expect(stages.get('site')).toContain('CMD ["node", "server/serve-app.js"]');
    expect(stages.get('admin')).toContain('CMD ["node", "server/serve-admin.js"]');
    const bundler = fs.readFileSync(path.join(REPO_ROOT, 'scripts/deploy/bundle-servers.ts'), 'utf8');
    for (const entry of ['api/src/server.ts', 'servers/serve-app.ts', 'scripts/releases/cli.ts', 'servers/serve-admin.ts']) {
      expect(bundler).toContain(`'${entry}'`);
      expect(fs.existsSync(path.join(REPO_ROOT, entry))).toBe(true);
    }
    // One build file: no per-app copies to drift apart.
    for (const app of [...SITE_APPS, { dir: 'admin' }, { dir: 'api' }]) {
      expect(fs.existsSync(path.join(REPO_ROOT, app.dir, 'Dockerfile'))).toBe(false);
    }
  });

  it.each(SITE_APPS.map((app) => [app.name, app.port] as const))('%s is the site image of its app, on port %i everywhere', (name, port) => {
    const service = compose.services[name];
    expect(service?.build?.target).toBe('site');
    expect(service?.build?.args?.APP).toBe(name);
    expect(published(service ?? {})).toEqual([port]);
    expect(service?.environment).toMatchObject({ APP: name, PORT: String(port) });
  });

  it("gives the host each remote's published address, as /remotes.json will", () => {
    const hostEnv = compose.services.host?.environment ?? {};
    for (const app of SITE_APPS.filter((candidate) => candidate.name !== 'host')) {
      const url = new URL(hostEnv[`${app.name.toUpperCase()}_REMOTE_URL`] ?? '');
      expect(url.pathname).toBe('/remoteEntry.js');
      expect(published(compose.services[app.name] ?? {})).toContain(Number(url.port));
    }
    const apiUrl = new URL(hostEnv.API_URL ?? '');
    expect(published(compose.services.api ?? {})).toContain(Number(apiUrl.port));
  });

  it.each(SITE_APPS.filter((app) => app.kind === 'remote').map((app) => [app.name]))(
    '%s keeps its releases in its own volume, checks releases against the host, and the host asks it by service name',
    (name) => {
      const service = compose.services[name] ?? {};
      expect(service.environment?.RELEASES_DIR).toBe('/releases');
      const volume = (service.volumes ?? []).find((mapping) => mapping.endsWith(':/releases'))?.split(':')[0] ?? '';
      expect(Object.keys(compose.volumes)).toContain(volume);
      const internal = new URL(compose.services.host?.environment?.[`${name.toUpperCase()}_INTERNAL_URL`] ?? '');
      expect(internal.hostname).toBe(name);
      expect(published(service)).toContain(Number(internal.port));
      const hostUrl = new URL(service.environment?.HOST_URL ?? '');
      expect(hostUrl.hostname).toBe('host');
      expect(published(compose.services.host ?? {})).toContain(Number(hostUrl.port));
    },
  );

  it('lets every site origin call the API, and points the API at the PostgreSQL service and the mail catcher', () => {
    const api = compose.services.api ?? {};
    const origins = (api.environment?.CORS_ORIGINS ?? '').split(',');
    for (const app of SITE_APPS) {
      expect(origins).toContain(`http://localhost:${published(compose.services[app.name] ?? {})[0]}`);
    }
    expect(new URL(api.environment?.DATABASE_URL ?? '').hostname).toBe('postgres');
    expect(api.depends_on?.postgres?.condition).toBe('service_healthy');
    const smtp = new URL(api.environment?.SMTP_URL ?? '');
    expect([smtp.protocol, smtp.hostname, smtp.port]).toEqual(['smtp:', 'mail', '1025']);
    expect(stages.get('mail')).toContain('"--smtp", "1025"');
  });

  it('serves the admin app on 5174, where the host links to, against the API that lets it in', () => {
    const admin = compose.services.admin ?? {};
    expect(admin.build?.target).toBe('admin');
    expect(published(admin)).toEqual([ADMIN_PORT]);
    expect(admin.environment?.PORT).toBe(String(ADMIN_PORT));
    expect(new URL(compose.services.host?.environment?.ADMIN_URL ?? '').port).toBe(String(ADMIN_PORT));
    expect(published(compose.services.api ?? {})).toContain(Number(new URL(admin.environment?.API_URL ?? '').port));
    const api = compose.services.api?.environment ?? {};
    expect(api.CORS_ORIGINS?.split(',')).toContain(`http://localhost:${ADMIN_PORT}`);
    // Without both the admin API is off; compose refuses to start rather than serve a dead panel.
    expect(api.ADMIN_EMAIL).toMatch(/^\$\{ADMIN_EMAIL:\?/);
    expect(api.ADMIN_PASSWORD).toMatch(/^\$\{ADMIN_PASSWORD:\?/);
  });

  it('keeps PostgreSQL data in a named volume, on a configurable image, and checks its health', () => {
    const postgres = compose.services.postgres ?? {};
    expect(postgres.image).toBe('${POSTGRES_IMAGE:-postgres:15}');
    const volume = (postgres.volumes ?? [])[0]?.split(':')[0] ?? '';
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(postgres.volumes?.[0]).toBe(`${volume}:/var/lib/postgresql/data`);
    expect(postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
  });
});
