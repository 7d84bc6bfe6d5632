// The deployment test's images made ahead of the test: CI (.ci/run) starts this in the background
// right after its npm install, so the engine's install and start, the base images and
// `docker-compose build` run beside `npm test` on what CPU it leaves idle (an engine started here
// and its containers run in a CPU control group of idle priority), and the deployment test then only
// starts and checks the project.
//   tsx e2e/deploy/prepare.ts prepare <file>   builds; writes <file> (what was made) when done
//   tsx e2e/deploy/prepare.ts discard <file>   removes what a preparation made when no test ran
// `DEPLOY_TEST_PREPARED=<file> npm run test:deploy` runs the images of <file> (and removes them,
// and stops the engine the preparation started, afterwards). Without it the test builds its own.
// Stopped by SIGTERM or SIGINT, a preparation removes what it made and stops the engine it started.
import fs from 'node:fs';
import {
  adoptEngine,
  buildImages,
  composeProject,
  deploymentEnv,
  ensureEngine,
  ensureLocalBaseImages,
  imageIds,
  removeImagesSince,
  running,
  snapshotRepository,
  type Engine,
} from './engine';

/** What a preparation made: the deployment test runs it, then removes it. */
export interface PreparedImages {
  /** The compose project name the images were built under (images `<name>_<service>`). */
  projectName: string;
  /** The replicated apps' image tag (carebook/<app>:<tag>). */
  tag: string;
  /** The image ids present before, to tell which ones were made (and are removed afterwards). */
  imagesBefore: string[];
  /** The engine started for the preparation (to be stopped after the test); absent: the machine's own. */
  enginePid?: number;
  /** False while the build runs: a test must not start on it. */
  ready: boolean;
  /** Seconds from the preparation's start to each step's end. */
  timings: Record<string, number>;
}

export function readPrepared(file: string): PreparedImages {
  if (!fs.existsSync(file)) throw new Error(`No prepared images at ${file}: the preparation failed or was not run (see its log)`);
  const prepared = JSON.parse(fs.readFileSync(file, 'utf8')) as PreparedImages;
  if (!prepared.ready) throw new Error(`The images of ${file} are still being built (or their build was stopped)`);
  return prepared;
}

/** Removes the images of a preparation, then stops the engine it started. */
export async function discard(prepared: PreparedImages, engine: Engine): Promise<void> {
  try {
    await removeImagesSince(new Set(prepared.imagesBefore), prepared.projectName);
  } finally {
    await engine.stop();
  }
}

async function prepare(file: string): Promise<void> {
  const started = Date.now();
  const elapsed = (): number => Math.round((Date.now() - started) / 1000);
  const say = (what: string): void => console.log(`[deploy-prepare ${elapsed()} s] ${what}`);
  // The build's own output, each line stamped: npm install's and webpack's times are in it.
  let partial = '';
  const onOutput = (text: string): void => {
    const lines = (partial + text).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) console.log(`[deploy-prepare ${elapsed()} s]   ${line}`);
  };
  // Told to stop (CI ended early), the preparation stops its commands and removes what it made.
  const stopping = new AbortController();
  const stop = (signal: NodeJS.Signals): void => {
    if (stopping.signal.aborted) return;
    stopping.abort();
    say(`${signal}: stopping, removing what was made`);
    for (const child of running) child.kill('SIGTERM');
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  const engine = await ensureEngine({ lowPriority: true, signal: stopping.signal });
  const prepared: PreparedImages = {
    projectName: `carebook-deploy-${process.pid}`,
    tag: `deploy-test-${process.pid}`,
    imagesBefore: [...(await imageIds())],
    enginePid: engine.pid,
    ready: false,
    timings: {},
  };
  const mark = (what: string): void => {
    prepared.timings[what] = elapsed();
    say(what);
  };
  fs.writeFileSync(file, JSON.stringify(prepared, null, 2));
  mark(engine.pid ? `engine started (process ${engine.pid}, idle CPU priority)` : 'engine ready (the machine’s own, at its own priority)');
  const unlessStopped = (): void => {
    if (stopping.signal.aborted) throw new Error('stopped');
  };
  try {
    unlessStopped();
    if (!process.env.NODE_IMAGE) await ensureLocalBaseImages();
    mark('base images ready');
    unlessStopped();
    // The sources as they are now: the browser tests that run beside this build edit some of them.
    const context = await snapshotRepository();
    try {
      const project = await composeProject(deploymentEnv(prepared.tag), {}, prepared.projectName, context);
      await buildImages(project, mark, onOutput);
    } finally {
      fs.rmSync(context, { recursive: true, force: true });
    }
    unlessStopped();
    prepared.ready = true;
    fs.writeFileSync(file, JSON.stringify(prepared, null, 2));
    say(`done: ${file}`);
  } catch (error) {
    say(`failed: ${(error as Error).message}`);
    fs.rmSync(file, { force: true });
    await discard(prepared, engine);
    throw error;
  }
}

async function main(): Promise<void> {
  const [command, file] = process.argv.slice(2);
  if (!file || (command !== 'prepare' && command !== 'discard')) throw new Error('usage: prepare.ts prepare|discard <file>');
  if (command === 'prepare') return prepare(file);
  if (!fs.existsSync(file)) return;
  const prepared = JSON.parse(fs.readFileSync(file, 'utf8')) as PreparedImages;
  await discard(prepared, await adoptEngine(prepared.enginePid));
  fs.rmSync(file, { force: true });
  console.log(`Removed the prepared images of ${file}${prepared.enginePid ? ' and stopped their engine' : ''}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
