// The release commands' canary options, run as a team runs them (the CLI in a process of its own),
// against both stores, with the doctors and host builds of `npm run build`.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { distDir, REPO_ROOT } from '../../servers/apps/site-apps';
import { startPgCluster, type PgCluster } from '../../testing/node/pg-cluster';

const run = promisify(execFile);
const TSX = path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
const CLI = path.join(REPO_ROOT, 'scripts', 'releases', 'cli.ts');
// Each command is a process of its own (tsx) on a machine busy with other suites.
jest.setTimeout(300_000);

let root: string;
let cluster: PgCluster;
let databases = 0;

beforeAll(async () => {
  cluster = await startPgCluster();
});
afterAll(() => cluster.stop());
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'carebook-cli-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** The doctors build, copied and told apart by a comment in its page (the bytes a release is named by). */
function doctorsBuild(label: string): string {
  const dir = path.join(root, `doctors-${label}`);
  fs.cpSync(distDir('doctors'), dir, { recursive: true });
  fs.appendFileSync(path.join(dir, 'index.html'), `<!-- ${label} -->`);
  fs.rmSync(path.join(dir, 'index.html.gz'), { force: true });
  return dir;
}

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

type Cli = (...args: string[]) => Promise<Outcome>;

async function cliFor(store: 'files' | 'postgres'): Promise<Cli> {
  // DATA_DIR of its own and no RELEASES_API_KEY: `releases` cannot read the canary's health and says why.
  const env: NodeJS.ProcessEnv = { ...process.env, RELEASES_DIR: path.join(root, 'releases'), RELEASES_STORE: store, DATA_DIR: path.join(root, 'data') };
  delete env.RELEASES_API_KEY;
  if (store === 'postgres') env.DATABASE_URL = await cluster.createDatabase(`cli_${(databases += 1)}`);
  else delete env.DATABASE_URL;
  return async (...args) => {
    try {
      const { stdout, stderr } = await run(TSX, [CLI, ...args], { cwd: REPO_ROOT, env, timeout: 120_000 });
      return { code: 0, stdout: stdout.trim(), stderr: stderr.trim() };
    } catch (error) {
      const failed = error as { code?: number; stdout?: string; stderr?: string };
      return { code: failed.code ?? -1, stdout: (failed.stdout ?? '').trim(), stderr: (failed.stderr ?? '').trim() };
    }
  };
}

const lastLine = (text: string): string => text.split('\n').at(-1) ?? '';

describe.each(['files', 'postgres'] as const)('the release commands with a canary (%s store)', (store) => {
  it('release a canary by plan, show it, refuse what would go around it, and end it by promote and by rollback', async () => {
    const cli = await cliFor(store);
    const first = await cli('publish', 'doctors', doctorsBuild('one'));
    expect(first.code).toBe(0);
    const r1 = lastLine(first.stdout);

    const started = await cli('publish', 'doctors', doctorsBuild('two'), '--stages', '10:5m,50:10m', '--contact', 'doctors-team@carebook.test');
    expect(started.code).toBe(0);
    const r2 = lastLine(started.stdout);
    expect(started.stdout).toContain(`doctors ${r2} is a canary`);
    expect(started.stdout).toContain(`Canary: ${r2} for 10% of patients (stage 1 of 2; this stage ends at `);
    expect(started.stdout).toContain('plan: 10% for 5m, then 50% for 10m, then held until promoted or rolled back; contact doctors-team@carebook.test.');

    const listed = await cli('releases', 'doctors');
    expect(listed.stdout).toContain(`Canary: ${r2} for 10% of patients (stage 1 of 2;`);
    expect(listed.stdout).toContain(`the others get ${r1}.`);
    expect(listed.stdout).toMatch(new RegExp(`\\* ${r2}  canary\\s+canary since`));
    expect(listed.stdout).toMatch(new RegExp(`\\* ${r1}  live`));
    expect(listed.stdout).toContain(`Health: unknown here: no RELEASES_API_KEY set and no ${path.join(root, 'data', 'releases-api-key')} (npm start writes it)`);

    const refused = await cli('publish', 'doctors', doctorsBuild('three'));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`doctors has a canary running (${r2}`);
    expect(refused.stderr).toContain('so a new release was refused');
    expect(refused.stderr).toContain('npm run promote -w remotes/doctors');
    expect((await cli('rollback', 'doctors', '--to', r1)).stderr).toContain(`so a rollback to ${r1} was refused`);

    const promoted = await cli('promote', 'doctors');
    expect(promoted.code).toBe(0);
    expect(promoted.stdout).toContain(`doctors ${r2} is promoted: live for everyone`);
    expect(lastLine(promoted.stdout)).toBe(r2);
    expect((await cli('releases', 'doctors')).stdout).toContain('No canary running.');
    expect((await cli('promote', 'doctors')).stderr).toContain('doctors has no canary running: nothing to promote');

    const again = await cli('publish', 'doctors', doctorsBuild('four'), '--canary', '25');
    expect(again.code).toBe(0);
    const r4 = lastLine(again.stdout);
    expect(again.stdout).toContain(`Canary: ${r4} for 25% of patients (stage 1 of 1; held until promoted or rolled back); the others get ${r2}.`);
    const rolledBack = await cli('rollback', 'doctors');
    expect(rolledBack.code).toBe(0);
    expect(rolledBack.stdout).toContain(`the canary ${r4} is rolled back`);
    expect(lastLine(rolledBack.stdout)).toBe(r2);
    const after = await cli('releases', 'doctors');
    expect(after.stdout).toContain('No canary running.');
    expect(after.stdout).toMatch(new RegExp(`${r4}  rolled back\\s+rolled back as a canary at`));
  });
});

describe('the canary options', () => {
  it.each([
    [['publish', 'doctors', '--canary', '100'], '--canary: a canary\'s share is a whole percent from 1 to 99 (got "100"); 100% is a promotion'],
    [['publish', 'doctors', '--stages', '50:5m,10:5m'], "--stages: each stage's share must be larger than the one before (stage 2 is 10% after 50%)"],
    [['publish', 'doctors', '--contact', 'team@carebook.test'], '--contact goes with --canary or --stages.'],
    [['rollback', 'doctors', '--canary', '10'], '--canary, --stages and --contact go with release or publish only.'],
  ])('refuse %j with a clear message before anything changes', async (args, message) => {
    const cli = await cliFor('files');
    const outcome = await cli(...args);
    expect(outcome.code).toBe(1);
    expect(outcome.stderr).toContain(message);
    expect(fs.existsSync(path.join(root, 'releases'))).toBe(false);
  });
});

describe('two publishes of one build at once on PostgreSQL', () => {
  it('make it live once: the second waits for the store lock and finds it live', async () => {
    const cli = await cliFor('postgres');
    const build = doctorsBuild('together');
    const outcomes = await Promise.all([cli('publish', 'doctors', build), cli('publish', 'doctors', build)]);
    for (const outcome of outcomes) expect(outcome).toMatchObject({ code: 0 });
    // One made it live; the other, once the lock was free, found it live and changed nothing.
    expect(outcomes.filter((outcome) => outcome.stdout.includes(' is live (released in '))).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.stdout.includes('this build is the live release already'))).toHaveLength(1);
    expect(new Set(outcomes.map((outcome) => lastLine(outcome.stdout))).size).toBe(1);
  });
});
