// The Docker engine and the compose project of the deployment test: install and start what is
// missing, build, start, and remove afterwards exactly what was made here.
import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import { REPO_ROOT } from '../../testing/node/repo-root';
import { freePort } from '../../testing/node/free-port';

const execFileAsync = promisify(execFile);

/** Runs a command, resolving with its output; a failure says the command and the end of its output. */
export async function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; timeoutMs?: number } = {}): Promise<string> {
  try {
    const { stdout } = await execFileAsync(command, args, {
      cwd: REPO_ROOT,
      env: options.env ?? process.env,
      timeout: options.timeoutMs ?? 120_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string; killed?: boolean };
    const tail = `${failed.stdout ?? ''}\n${failed.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    const why = failed.killed ? `stopped after ${(options.timeoutMs ?? 120_000) / 1000} s` : failed.message.split('\n')[0];
    throw new Error(`${command} ${args.join(' ')} failed: ${why}\n${tail}`);
  }
}

async function succeeds(command: string, args: string[]): Promise<boolean> {
  return run(command, args, { timeoutMs: 20_000 }).then(
    () => true,
    () => false,
  );
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Debian's packages for the engine, compose 1.29 and debootstrap, installed when a tool is missing. */
async function installMissingTools(): Promise<void> {
  const tools: Record<string, string> = { dockerd: 'docker.io', 'docker-compose': 'docker-compose', debootstrap: 'debootstrap' };
  const missing = [];
  for (const [tool, pkg] of Object.entries(tools)) if (!(await succeeds('sh', ['-c', `command -v ${tool}`]))) missing.push(pkg);
  if (!missing.length) return;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env, timeoutMs: 300_000 });
  await run('apt-get', ['install', '-y', '-qq', ...missing], { env, timeoutMs: 600_000 });
}

export interface Engine {
  /** Stops the engine if this test started it. */
  stop(): Promise<void>;
}

/** A running Docker engine: the machine's, or one started here (its log in the temp folder). */
export async function ensureEngine(): Promise<Engine> {
  await installMissingTools();
  if (await succeeds('docker', ['info'])) return { stop: async () => {} };
  const log = fs.openSync(path.join(os.tmpdir(), 'carebook-deploy-dockerd.log'), 'a');
  const daemon = spawn('dockerd', [], { detached: true, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  daemon.unref();
  await waitFor('dockerd to answer', () => succeeds('docker', ['info']), 90_000);
  return {
    stop: async () => {
      if (daemon.exitCode !== null || !daemon.pid) return;
      const exited = new Promise((resolve) => daemon.once('exit', resolve));
      daemon.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise((resolve) => {
        timer = setTimeout(resolve, 30_000);
      });
      // The 30 s timer is cleared once the engine has stopped: left running, it held the test run open.
      await Promise.race([exited, late]).finally(() => clearTimeout(timer));
    },
  };
}

/** Image ids present now (tagged or not), to tell afterwards which ones this test made. */
export async function imageIds(filters: string[] = []): Promise<Set<string>> {
  const args = ['image', 'ls', '--all', '--quiet', '--no-trunc', ...filters.flatMap((filter) => ['--filter', filter])];
  return new Set((await run('docker', args)).split('\n').filter(Boolean));
}

/**
 * Removes the images this test made since `before`: those of the Dockerfile's stages (labelled),
 * the project's and the local base images; never anybody else's. A parent goes once its children
 * are gone, hence the passes.
 */
export async function removeImagesSince(before: Set<string>, projectName: string): Promise<void> {
  const made = async (): Promise<string[]> => {
    const ours = new Set([
      ...(await imageIds(['label=org.carebook.stage'])),
      ...(await imageIds([`reference=${projectName}_*`])),
      ...(await imageIds(['reference=carebook-local/*'])),
    ]);
    return [...ours].filter((id) => !before.has(id));
  };
  for (let pass = 0; pass < 6; pass += 1) {
    for (const id of await made()) await run('docker', ['image', 'rm', '--force', id]).catch(() => undefined);
  }
  const left = await made();
  if (left.length) throw new Error(`Could not remove ${left.length} image(s) made by this test: ${left.join(' ')}`);
}

export const LOCAL_NODE_IMAGE = 'carebook-local/node:24';
export const LOCAL_POSTGRES_IMAGE = 'carebook-local/postgres:15';

/** The base images made without a registry (deploy/local-images/build.sh) unless they exist. */
export async function ensureLocalBaseImages(): Promise<void> {
  if ((await succeeds('docker', ['image', 'inspect', LOCAL_NODE_IMAGE])) && (await succeeds('docker', ['image', 'inspect', LOCAL_POSTGRES_IMAGE]))) return;
  await run('bash', [path.join(REPO_ROOT, 'deploy/local-images/build.sh')], { timeoutMs: 600_000 });
}

interface ComposeService {
  build?: { context: string };
  ports?: string[];
  environment?: Record<string, string>;
}

export interface ComposeProject {
  name: string;
  /**
   * 127.0.0.1 address of a service's published port, e.g. `url('admin')`; `port` picks one of
   * several by the container's port, e.g. `url('balancer', 4000)`.
   */
  url(service: string, port?: number): string;
  /** The address of a service's container on the project's network, e.g. `http://172.18.0.5:3000`. */
  containerUrl(service: string, port: number): Promise<string>;
  /** docker-compose with this project's name and file. */
  compose(args: string[], timeoutMs?: number): Promise<string>;
  /** Runs a command in a service's container. */
  exec(service: string, command: string[]): Promise<string>;
  /** Removes the containers, volumes, network and (unless kept) the images built. */
  down(keepImages?: boolean): Promise<void>;
}

/**
 * The repository's docker-compose.yml with each published port moved to a free one on 127.0.0.1
 * (and every address that names it), so the project runs beside anything else on this machine;
 * `settings` adds environment variables per service.
 */
export async function composeProject(env: NodeJS.ProcessEnv, settings: Record<string, Record<string, string>> = {}): Promise<ComposeProject> {
  const file = parse(fs.readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
    services: Record<string, ComposeService>;
  };
  const moved = new Map<string, number>();
  const byService = new Map<string, Map<number, number>>();
  for (const [name, service] of Object.entries(file.services)) {
    const published = new Map<number, number>();
    byService.set(name, published);
    service.ports = await Promise.all(
      (service.ports ?? []).map(async (mapping) => {
        const [outside = '', target = ''] = mapping.split(':');
        const port = await freePort();
        moved.set(outside, port);
        published.set(Number(target), port);
        return `127.0.0.1:${port}:${target}`;
      }),
    );
  }
  for (const [name, service] of Object.entries(file.services)) {
    // A copy per service: replicas written as YAML aliases share one object.
    service.environment = { ...service.environment, ...settings[name] };
    if (service.build) service.build.context = path.resolve(REPO_ROOT, service.build.context);
    for (const [key, value] of Object.entries(service.environment ?? {})) {
      service.environment![key] = String(value).replace(/http:\/\/localhost:(\d+)/g, (whole, port: string) =>
        moved.has(port) ? `http://127.0.0.1:${moved.get(port)}` : whole,
      );
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-deploy-'));
  const composeFile = path.join(dir, 'docker-compose.yml');
  fs.writeFileSync(composeFile, stringify(file, { aliasDuplicateObjects: false }));
  const name = `carebook-deploy-${process.pid}`;
  const compose = (args: string[], timeoutMs = 120_000) =>
    run('docker-compose', ['--project-name', name, '--file', composeFile, '--ansi', 'never', ...args], { env, timeoutMs });
  return {
    name,
    url: (service, target) => {
      const published = byService.get(service) ?? new Map<number, number>();
      const port = target === undefined ? [...published.values()][0] : published.get(target);
      if (!port) throw new Error(`${service} publishes no port${target === undefined ? '' : ` ${target}`}`);
      return `http://127.0.0.1:${port}`;
    },
    containerUrl: async (service, port) => {
      const id = (await compose(['ps', '--quiet', service])).trim();
      if (!id) throw new Error(`${service} has no container`);
      const address = (await run('docker', ['inspect', '--format', '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}', id])).trim().split(' ')[0];
      if (!address) throw new Error(`${service} has no address`);
      return `http://${address}:${port}`;
    },
    compose,
    exec: (service, command) => compose(['exec', '-T', service, ...command]),
    down: async (keepImages = false) => {
      await compose(['down', '--volumes', ...(keepImages ? [] : ['--rmi', 'local']), '--remove-orphans', '--timeout', '10'], 300_000);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until every URL answers 2xx. */
export async function waitForUrls(urls: readonly string[], timeoutMs: number): Promise<void> {
  await Promise.all(
    urls.map((url) =>
      waitFor(
        url,
        () =>
          fetch(url, { signal: AbortSignal.timeout(3000) }).then(
            (response) => response.ok,
            () => false,
          ),
        timeoutMs,
      ),
    ),
  );
}
