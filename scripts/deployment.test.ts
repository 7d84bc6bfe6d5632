// There is no Docker engine here, so docker-compose.yml is checked for consistency instead:
// it must describe the same system the code runs (ports, remote addresses, build files).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ADMIN_PORT } from './admin-app';
import { REPO_ROOT, SITE_APPS } from './site-apps';

interface Service {
  build?: { context: string; dockerfile: string };
  ports?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
}

const compose = parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8')) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
};

function published(service: Service): number[] {
  return (service.ports ?? []).map((mapping) => Number(mapping.split(':')[0]));
}

describe('docker-compose.yml', () => {
  it('has a service for the host, each remote, the API and PostgreSQL', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['account', 'admin', 'api', 'booking', 'doctors', 'host', 'pages', 'postgres'].sort(),
    );
  });

  it.each(Object.entries(compose.services).filter(([, service]) => service.build))(
    '%s builds from files that exist',
    (_name, service) => {
      const context = path.join(REPO_ROOT, service.build?.context ?? '');
      expect(fs.existsSync(context)).toBe(true);
      expect(fs.existsSync(path.join(context, service.build?.dockerfile ?? ''))).toBe(true);
    },
  );

  it.each(SITE_APPS.map((app) => [app.name, app.dir, app.port] as const))(
    '%s is served from %s on port %i everywhere',
    (name, dir, port) => {
      const service = compose.services[name];
      expect(service?.build?.dockerfile).toBe(`${dir}/Dockerfile`);
      expect(published(service ?? {})).toEqual([port]);
      expect(service?.environment).toMatchObject({ APP: name, PORT: String(port) });
      const dockerfile = fs.readFileSync(path.join(REPO_ROOT, dir, 'Dockerfile'), 'utf8');
      expect(dockerfile).toContain(`npm run build -w ${dir}`);
      expect(dockerfile).toContain(`APP=${name} PORT=${port}`);
    },
  );

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
    '%s keeps its releases in its own volume, and the host asks it for the live one by service name',
    (name) => {
      const service = compose.services[name] ?? {};
      expect(service.environment?.RELEASES_DIR).toBe('/releases');
      const volume = (service.volumes ?? []).find((mapping) => mapping.endsWith(':/releases'))?.split(':')[0] ?? '';
      expect(Object.keys(compose.volumes)).toContain(volume);
      const internal = new URL(compose.services.host?.environment?.[`${name.toUpperCase()}_INTERNAL_URL`] ?? '');
      expect(internal.hostname).toBe(name);
      expect(published(service)).toContain(Number(internal.port));
    },
  );

  it('lets every site origin call the API, and points the API at the PostgreSQL service', () => {
    const api = compose.services.api ?? {};
    const origins = (api.environment?.CORS_ORIGINS ?? '').split(',');
    for (const app of SITE_APPS) {
      expect(origins).toContain(`http://localhost:${published(compose.services[app.name] ?? {})[0]}`);
    }
    expect(new URL(api.environment?.DATABASE_URL ?? '').hostname).toBe('postgres');
    expect(api.depends_on?.postgres?.condition).toBe('service_healthy');
    expect(fs.existsSync(path.join(REPO_ROOT, 'api', 'src', 'server.ts'))).toBe(true);
  });

  it('serves the admin app on 5174, where the host links to, against the API that lets it in', () => {
    const admin = compose.services.admin ?? {};
    expect(admin.build?.dockerfile).toBe('admin/Dockerfile');
    expect(published(admin)).toEqual([ADMIN_PORT]);
    expect(admin.environment?.PORT).toBe(String(ADMIN_PORT));
    expect(new URL(compose.services.host?.environment?.ADMIN_URL ?? '').port).toBe(String(ADMIN_PORT));
    expect(published(compose.services.api ?? {})).toContain(Number(new URL(admin.environment?.API_URL ?? '').port));
    const api = compose.services.api?.environment ?? {};
    expect(api.CORS_ORIGINS?.split(',')).toContain(`http://localhost:${ADMIN_PORT}`);
    // Without both the admin API is off; compose refuses to start rather than serve a dead panel.
    expect(api.ADMIN_EMAIL).toMatch(/^\$\{ADMIN_EMAIL:\?/);
    expect(api.ADMIN_PASSWORD).toMatch(/^\$\{ADMIN_PASSWORD:\?/);
    const dockerfile = fs.readFileSync(path.join(REPO_ROOT, 'admin', 'Dockerfile'), 'utf8');
    expect(dockerfile).toContain('npm run build -w admin');
    expect(dockerfile).toContain(`PORT=${ADMIN_PORT}`);
    expect(dockerfile).toContain('scripts/serve-admin.ts');
    expect(fs.existsSync(path.join(REPO_ROOT, 'scripts', 'serve-admin.ts'))).toBe(true);
  });

  it('keeps PostgreSQL data in a named volume and checks its health', () => {
    const postgres = compose.services.postgres ?? {};
    const volume = (postgres.volumes ?? [])[0]?.split(':')[0] ?? '';
    expect(Object.keys(compose.volumes)).toContain(volume);
    expect(postgres.healthcheck?.test.join(' ')).toContain('pg_isready');
  });
});
