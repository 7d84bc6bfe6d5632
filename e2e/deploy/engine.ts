// The Docker engine and the compose project of the deployment test: install and start what is
// missing, build, start, and remove afterwards exactly what was made here.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse, stringify } from 'yaml';
import { REPO_ROOT } from '../../testing/node/repo-root';
import { freePort } from '../../testing/node/free-port';

const execFileAsync = promisify(execFile);

/** The commands `run` has going now (a preparation told to stop ends them). */
export const running = new Set<ChildProcess>();

/**
 * Runs a command, resolving with its output; a failure says the command and the end of its output.
 * `onOutput` gets the output as it comes (both streams), e.g. to print a long build as it goes.
 */
export async function run(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; onOutput?: (text: string) => void } = {},
): Promise<string> {
  const started = execFileAsync(command, args, {
    cwd: REPO_ROOT,
    env: options.env ?? process.env,
    timeout: options.timeoutMs ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  const { child } = started;
  running.add(child);
  if (options.onOutput) {
    const onOutput = options.onOutput;
    child.stdout?.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => onOutput(chunk.toString()));
  }
  try {
    const { stdout } = await started;
    return stdout;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string; killed?: boolean };
    const tail = `${failed.stdout ?? ''}\n${failed.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    const why = failed.killed ? `stopped after ${(options.timeoutMs ?? 120_000) / 1000} s` : failed.message.split('\n')[0];
    throw new Error(`${command} ${args.join(' ')} failed: ${why}\n${tail}`);
  } finally {
    running.delete(child);
  }
}

async function succeeds(command: string, args: string[]): Promise<boolean> {
  return run(command, args, { timeoutMs: 20_000 }).then(
    () => true,
    () => false,
  );
}

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs: number, signal?: AbortSignal): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    if (signal?.aborted) throw new Error(`Stopped waiting for ${what}`);
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
  /** The engine's process when started here (stopped by `stop`); undefined: the machine's own. */
  pid?: number;
  /** Stops the engine if it was started here (or by a preparation, see adoptEngine). */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a process is gone (or a zombie nobody has reaped yet: it runs nothing any more). */
function gone(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

/** Stops an engine this test (or its preparation) started, within 30 s. */
async function stopEngine(pid: number): Promise<void> {
  if (gone(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 30_000;
  while (!gone(pid) && Date.now() < deadline) await sleep(200);
  // The control groups a low-priority engine made (one per cgroup v1 hierarchy), once empty: its
  // containerd may end a moment after it (seen: the group still held it just after dockerd ended).
  const groups = ['/sys/fs/cgroup', ...fs.readdirSync('/sys/fs/cgroup').map((name) => path.join('/sys/fs/cgroup', name))]
    .map((root) => path.join(root, CPU_GROUP_NAME))
    .filter((dir) => fs.existsSync(dir));
  const until = Date.now() + 10_000;
  for (const dir of groups) {
    for (;;) {
      try {
        fs.rmdirSync(dir);
        break;
      } catch {
        if (Date.now() > until) break;
        await sleep(250);
      }
    }
  }
}

/**
 * The CPU control group an engine started at low priority runs in, with every container it starts
 * (dockerd's --cgroup-parent): cgroup v1's cpu hierarchy, else cgroup v2's. Undefined when neither
 * can be written (then the engine runs at normal priority).
 */
const CPU_GROUP_NAME = 'carebook-deploy';
function cpuGroup(): { dir: string; v1: boolean } | undefined {
  for (const [root, v1] of [
    ['/sys/fs/cgroup/cpu', true],
    ['/sys/fs/cgroup', false],
  ] as const) {
    if (!fs.existsSync(path.join(root, v1 ? 'cpu.shares' : 'cgroup.controllers'))) continue;
    const dir = path.join(root, CPU_GROUP_NAME);
    try {
      fs.mkdirSync(dir, { recursive: true });
      return { dir, v1 };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The engine's group at idle priority (`low`: cpu.idle, where the kernel has it: CPU only when
 * nothing else wants it; and the smallest share) or back to a normal process's. Nice alone would not
 * do: each container runs in a session of its own, and with the kernel's autogroups a nice value
 * weighs only within its session.
 */
function setGroupPriority(group: { dir: string; v1: boolean }, low: boolean): void {
  const write = (file: string, value: string): void => {
    if (fs.existsSync(path.join(group.dir, file))) fs.writeFileSync(path.join(group.dir, file), value);
  };
  // An idle group's share is fixed (writing one is refused): not idle while the share is set.
  write('cpu.idle', '0');
  if (group.v1) write('cpu.shares', low ? '2' : '1024');
  else write('cpu.weight', low ? '1' : '100');
  if (low) write('cpu.idle', '1');
}

/** Puts an engine started at low priority (and its containers) back to a normal process's CPU priority. */
export function normalPriority(): void {
  const group = cpuGroup();
  if (group) setGroupPriority(group, false);
}

/**
 * A running Docker engine: the machine's, or one started here (its log in the temp folder).
 * `lowPriority`: an engine started here runs, with every container it starts, in a CPU control group
 * of idle priority, so its builds take only the CPU other work leaves idle; see normalPriority. The
 * machine's own engine is left as it is. `signal`: stop waiting for the engine to answer (the engine
 * started is then stopped).
 */
export async function ensureEngine(options: { lowPriority?: boolean; signal?: AbortSignal } = {}): Promise<Engine> {
  await installMissingTools();
  if (await succeeds('docker', ['info'])) return { stop: async () => {} };
  const log = fs.openSync(path.join(os.tmpdir(), 'carebook-deploy-dockerd.log'), 'a');
  const group = options.lowPriority ? cpuGroup() : undefined;
  if (group) setGroupPriority(group, true);
  const daemon = spawn('dockerd', group ? ['--cgroup-parent', `/${CPU_GROUP_NAME}`] : [], { detached: true, stdio: ['ignore', log, log] });
  fs.closeSync(log);
  daemon.unref();
  const pid = daemon.pid;
  if (!pid) throw new Error('dockerd did not start');
  // The engine itself too (containerd, its child, follows); cgroup v2 allows no process beside child groups.
  if (group?.v1) fs.writeFileSync(path.join(group.dir, 'cgroup.procs'), String(pid));
  // At idle priority beside other work (CI: npm test's first minutes keep both cores busy) the engine
  // itself may take minutes to answer.
  await waitFor('dockerd to answer', () => succeeds('docker', ['info']), options.lowPriority ? 1_800_000 : 90_000, options.signal).catch(async (error: unknown) => {
    await stopEngine(pid);
    throw error;
  });
  return { pid, stop: () => stopEngine(pid) };
}

/** The engine a preparation started (process `pid`; none: the machine's own), at normal priority again. */
export async function adoptEngine(pid: number | undefined): Promise<Engine> {
  if (pid === undefined) return { stop: async () => {} };
  if (gone(pid)) throw new Error(`The engine the preparation started (process ${pid}) is not running`);
  normalPriority();
  return { pid, stop: () => stopEngine(pid) };
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
  /** docker-compose with this project's name and file; `onOutput` as in `run`. */
  compose(args: string[], timeoutMs?: number, onOutput?: (text: string) => void): Promise<string>;
  /** Runs a command in a service's container. */
  exec(service: string, command: string[]): Promise<string>;
  /** Removes the containers, volumes, network and (unless kept) the images built. */
  down(keepImages?: boolean): Promise<void>;
}

/**
 * The repository's docker-compose.yml with each published port moved to a free one on 127.0.0.1
 * (and every address that names it), so the project runs beside anything else on this machine;
 * `settings` adds environment variables per service. `name`: the project's name (default: one of
 * this process's own), e.g. that of a preparation whose images the project is to run.
 */
export async function composeProject(
  env: NodeJS.ProcessEnv,
  settings: Record<string, Record<string, string>> = {},
  name = `carebook-deploy-${process.pid}`,
  contextRoot = REPO_ROOT,
): Promise<ComposeProject> {
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
    if (service.build) service.build.context = path.resolve(contextRoot, service.build.context);
    for (const [key, value] of Object.entries(service.environment ?? {})) {
      service.environment![key] = String(value).replace(/http:\/\/localhost:(\d+)/g, (whole, port: string) =>
        moved.has(port) ? `http://127.0.0.1:${moved.get(port)}` : whole,
      );
    }
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-deploy-'));
  const composeFile = path.join(dir, 'docker-compose.yml');
  fs.writeFileSync(composeFile, stringify(file, { aliasDuplicateObjects: false }));
  const compose = (args: string[], timeoutMs = 120_000, onOutput?: (text: string) => void) =>
    run('docker-compose', ['--project-name', name, '--file', composeFile, '--ansi', 'never', ...args], { env, timeoutMs, onOutput });
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

/**
 * The environment docker-compose.yml is read with: the base images (the local ones unless
 * NODE_IMAGE/POSTGRES_IMAGE name others), the replicated apps' image tag (carebook/<app>:<tag>,
 * built once, run by both replicas: a tag of the run's own, so a deployment's images on this
 * machine are neither used nor replaced) and the admin credential it asks for.
 */
export function deploymentEnv(tag: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_IMAGE: process.env.NODE_IMAGE ?? LOCAL_NODE_IMAGE,
    POSTGRES_IMAGE: process.env.POSTGRES_IMAGE ?? LOCAL_POSTGRES_IMAGE,
    CAREBOOK_TAG: tag,
    ADMIN_EMAIL: 'admin@carebook.test',
    ADMIN_PASSWORD: 'admin-password-deploy',
  };
}

/**
 * Builds every image of the project. Minutes on an idle machine; much longer when other work shares
 * its two cores. The apps' build stage (npm install, webpack: the CPU's work) runs beside the two
 * images that mostly download (HAProxy from Debian, the mail catcher from npm); then the other
 * images, from the cached stage, side by side. `mark` is told each phase's end.
 */
/**
 * A copy of the repository's tracked files as they are now, for a build that runs beside other
 * work: the browser tests edit a remote's sources for a while to release it (and restore them), and
 * a build context read at such a moment differs from the one the build stage was cached from, so
 * every image would build its stage again (in CI: five webpack builds at idle priority, past the
 * 20-minute limit). Removed with `fs.rmSync(dir, { recursive: true })` once the images are built.
 */
export async function snapshotRepository(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-context-'));
  const { stdout } = await promisify(execFile)('git', ['-C', REPO_ROOT, 'ls-files', '-z'], { maxBuffer: 64 * 1024 * 1024 });
  for (const file of stdout.split('\0').filter(Boolean)) {
    const from = path.join(REPO_ROOT, file);
    if (!fs.existsSync(from)) continue;
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(from, path.join(dir, file));
  }
  return dir;
}

export async function buildImages(project: ComposeProject, mark: (what: string) => void, onOutput?: (text: string) => void): Promise<void> {
  await Promise.all([project.compose(['build', 'api-1'], 2_400_000, onOutput), project.compose(['build', 'balancer', 'mail'], 2_400_000, onOutput)]);
  mark('build stage done');
  await project.compose(['build', '--parallel'], 1_200_000, onOutput);
  mark('images built');
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
