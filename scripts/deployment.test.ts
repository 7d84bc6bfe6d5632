// docker-compose.yml, the Dockerfile and the balancer's configuration must describe the system the
// code runs (ports, remote addresses, build targets, replicas). A quick check of the text;
// `npm run test:deploy` runs it for real.
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
const haproxy = fs.readFileSync(path.join(REPO_ROOT, 'deploy/balancer/haproxy.cfg'), 'utf8');
const balancerDockerfile = fs.readFileSync(path.join(REPO_ROOT, 'deploy/balancer/Dockerfile'), 'utf8');

/** The apps that run as two replicas (`<app>-1`, `<app>-2`) behind the balancer. */
const REPLICATED = ['api', 'host', 'doctors', 'booking'];
const replicasOf = (app: string): string[] => (REPLICATED.includes(app) ? [`${app}-1`, `${app}-2`] : [app]);
/** The service browsers reach an app through: the balancer for a replicated app, else the app's own. */
const publisherOf = (app: string): Service => compose.services[REPLICATED.includes(app) ? 'balancer' : app] ?? {};
const host = compose.services['host-1'] ?? {};
const api = compose.services['api-1'] ?? {};

/** HAProxy's sections by their first line (`frontend host`, `backend api`, ...). */
const sections = new Map(
  haproxy
    .split(/^(?=\S)/m)
    .filter((section) => !section.startsWith('#'))
    .map((section) => [section.split('\n')[0]?.trim() ?? '', section] as const),
);

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
  it('has two replicas each of the host, the doctors and booking remotes and the API, one of every other service, and the balancer', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      ['account', 'admin', ...['api', 'booking', 'doctors', 'host'].flatMap(replicasOf), 'balancer', 'mail', 'pages', 'postgres'].sort(),
    );
    for (const app of REPLICATED) {
      const [first = {}, second = {}] = replicasOf(app).map((name) => compose.services[name]);
      // One image per app, built once: the first replica builds it, the second runs it and starts
      // after the first (so `up` finds it built instead of asking a registry).
      expect(first.image).toBe(`carebook/${app}:\${CAREBOOK_TAG:-latest}`);
      expect(first.build).toBeDefined();
      expect(second.image).toBe(first.image);
      expect(second.build).toBeUndefined();
      expect(second.depends_on?.[`${app}-1`]).toEqual({ condition: 'service_started' });
      // Otherwise the same service but for each API replica's own volume.
      const rest = ({ build: _build, volumes: _volumes, depends_on: dependsOn = {}, ...service }: Service) => ({
        ...service,
        depends_on: Object.fromEntries(Object.entries(dependsOn).filter(([name]) => name !== `${app}-1`)),
      });
      expect(rest(second)).toEqual(rest(first));
      expect(published(first)).toEqual([]);
    }
  });

  it.each(Object.entries(compose.services).filter(([name, service]) => service.build && name !== 'balancer'))(
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
    // Install, build and bundle in one step that leaves only /out: the packages are never a layer.
    expect(build.match(/^RUN /gm)).toHaveLength(1);
    expect(build).toMatch(/bundle-servers\.ts \/out \\\s*&& cd \/ && rm -rf \/repo /);
    // The legacy builder builds every stage before the target: the mail catcher's comes first.
    expect([...stages.keys()][0]).toBe('mail');
    // Every workspace with a build script is built once (two at a time), then the servers bundled.
    const built = (build.match(/printf '%s\\n' ([^|]+)\|/)?.[1] ?? '').split(/\s+/).filter((word) => word && word !== '\\');
    const workspaces = (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    const withBuild = workspaces.filter(
      (dir) => (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, dir, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts?.build,
    );
    expect([...built].sort()).toEqual([...withBuild].sort());
    expect(build).toMatch(/xargs -P 2 -I \{\} npm run build --silent -w \{\} \\\s*&& npx tsx scripts\/deploy\/bundle-servers\.ts \/out/);
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

  it.each(SITE_APPS.flatMap((app) => replicasOf(app.name).map((name) => [name, app.name, app.port] as const)))(
    '%s is the site image of %s, on port %i everywhere',
    (name, app, port) => {
      const service = compose.services[name];
      // A second replica runs the image its first one builds.
      const builder = compose.services[replicasOf(app)[0]!];
      expect(service?.image).toBe(builder?.image);
      expect(builder?.build?.target).toBe('site');
      expect(builder?.build?.args?.APP).toBe(app);
      expect(published(publisherOf(app))).toContain(port);
      expect(service?.environment).toMatchObject({ APP: app, PORT: String(port) });
    },
  );

  it("gives the host each remote's published address, as /remotes.json will", () => {
    const hostEnv = host.environment ?? {};
    for (const app of SITE_APPS.filter((candidate) => candidate.name !== 'host')) {
      const url = new URL(hostEnv[`${app.name.toUpperCase()}_REMOTE_URL`] ?? '');
      expect(url.pathname).toBe('/remoteEntry.js');
      expect(published(publisherOf(app.name))).toContain(Number(url.port));
    }
    const apiUrl = new URL(hostEnv.API_URL ?? '');
    expect(published(publisherOf('api'))).toContain(Number(apiUrl.port));
  });

  it.each(SITE_APPS.filter((app) => app.kind === 'remote').map((app) => [app.name, app.port] as const))(
    '%s keeps its releases where all its replicas find them, checks releases against the host, reports its canary to the API, and the host asks it by name',
    (name, port) => {
      for (const replica of replicasOf(name)) {
        const service = compose.services[replica] ?? {};
        expect(service.environment?.RELEASES_DIR).toBe('/releases');
        if (REPLICATED.includes(name)) {
          // Releases in PostgreSQL; /releases is the replica's own copy, in no shared volume.
          expect(new URL(service.environment?.DATABASE_URL ?? '').hostname).toBe('postgres');
          expect(service.volumes ?? []).toEqual([]);
          expect(service.depends_on?.postgres?.condition).toBe('service_healthy');
        } else {
          expect(service.environment?.DATABASE_URL).toBeUndefined();
          const volume = (service.volumes ?? []).find((mapping) => mapping.endsWith(':/releases'))?.split(':')[0] ?? '';
          expect(Object.keys(compose.volumes)).toContain(volume);
        }
        const hostUrl = new URL(service.environment?.HOST_URL ?? '');
        expect(hostUrl.hostname).toBe('balancer');
        expect(published(publisherOf('host'))).toContain(Number(hostUrl.port));
        // The canary watch reaches the API through the balancer, with the API's own key.
        const apiUrl = new URL(service.environment?.RELEASES_API_URL ?? '');
        expect(apiUrl.hostname).toBe('balancer');
        expect(published(publisherOf('api'))).toContain(Number(apiUrl.port));
        expect(service.environment?.RELEASES_API_KEY).toBe(api.environment?.RELEASES_API_KEY);
      }
      const internal = new URL(host.environment?.[`${name.toUpperCase()}_INTERNAL_URL`] ?? '');
      expect(internal.hostname).toBe(REPLICATED.includes(name) ? 'balancer' : name);
      expect(Number(internal.port)).toBe(port);
    },
  );

  it('balances each replicated app over both its replicas on its own port, checking them twice a second', () => {
    const balancer = compose.services.balancer ?? {};
    expect(balancer.build?.context).toBe('deploy/balancer');
    expect(balancer.build?.args?.NODE_IMAGE).toBe('${NODE_IMAGE:-node:24-bookworm-slim}');
    expect(balancerDockerfile).toMatch(/^FROM \$\{NODE_IMAGE\}$/m);
    expect(balancerDockerfile).toContain('apt-get install -y --no-install-recommends haproxy');
    expect(balancerDockerfile).toMatch(/^USER haproxy$/m);
    const ports = new Map([...SITE_APPS.map((app) => [app.name, app.port] as const), ['api', 4000] as const]);
    expect(published(balancer).sort()).toEqual(REPLICATED.map((app) => ports.get(app)).sort());
    const defaults = sections.get('defaults') ?? '';
    expect(defaults).toMatch(/^\s+default-server check inter 500ms fastinter 250ms .*fall 2 /m);
    expect(defaults).toMatch(/^\s+timeout check 5s$/m);
    expect(sections.get('resolvers docker')).toMatch(/^\s+hold nx 1s$/m);
    expect(defaults).toMatch(/^\s+option redispatch/m);
    for (const app of REPLICATED) {
      expect(sections.get(`frontend ${app}`)).toMatch(new RegExp(`^\\s+bind :${ports.get(app)}$`, 'm'));
      const servers = [...(sections.get(`backend ${app}`) ?? '').matchAll(/^\s+server (\S+) (\S+)$/gm)].map(([, name, address]) => `${name} ${address}`);
      expect(servers).toEqual(replicasOf(app).map((replica) => `${replica} ${replica}:${ports.get(app)}`));
      for (const replica of replicasOf(app)) expect(balancer.depends_on?.[replica]?.condition).toBe('service_started');
    }
    expect(sections.get('backend api')).toContain('option httpchk GET /health');
    expect(sections.get('backend host')).toContain('option httpchk GET /remotes.json');
    expect(sections.get('backend doctors')).toContain('option httpchk GET /release.json');
  });

  it('runs both API replicas on the shared PostgreSQL, each with its own volume, trusting the balancer for client addresses', () => {
    const [first, second] = replicasOf('api').map((name) => compose.services[name] ?? {});
    expect(first?.environment).toEqual(second?.environment);
    expect(first?.environment?.TRUST_PROXY).toBe('1');
    expect(first?.volumes).not.toEqual(second?.volumes);
    for (const service of [first, second]) {
      const volume = (service?.volumes ?? [])[0]?.split(':')[0] ?? '';
      expect(Object.keys(compose.volumes)).toContain(volume);
    }
    expect(new URL(host.environment?.API_INTERNAL_URL ?? '').hostname).toBe('balancer');
    expect(new URL(host.environment?.DATABASE_URL ?? '').hostname).toBe('postgres');
  });

  it('lets every site origin call the API, and points the API at the PostgreSQL service and the mail catcher', () => {
    const origins = (api.environment?.CORS_ORIGINS ?? '').split(',');
    for (const app of SITE_APPS) {
      expect(origins).toContain(`http://localhost:${published(publisherOf(app.name)).find((port) => port === app.port)}`);
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
    expect(new URL(host.environment?.ADMIN_URL ?? '').port).toBe(String(ADMIN_PORT));
    expect(published(publisherOf('api'))).toContain(Number(new URL(admin.environment?.API_URL ?? '').port));
    const apiEnv = api.environment ?? {};
    expect(apiEnv.CORS_ORIGINS?.split(',')).toContain(`http://localhost:${ADMIN_PORT}`);
    // Without both the admin API is off; compose refuses to start rather than serve a dead panel.
    expect(apiEnv.ADMIN_EMAIL).toMatch(/^\$\{ADMIN_EMAIL:\?/);
    expect(apiEnv.ADMIN_PASSWORD).toMatch(/^\$\{ADMIN_PASSWORD:\?/);
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
