import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../node/repo-root';
import type { Stack } from './stack';

const run = promisify(execFile);

/** The doctor list's page: release tests change its title to tell one build from another. */
export const LIST_PAGE = path.join(REPO_ROOT, 'remotes/doctors/src/features/doctor-list/doctor-list-page.tsx');

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CommandOptions {
  /** The team's workspace; the doctors remote by default. */
  workspace?: string;
  /** After `--`, e.g. `['--to', id]`. */
  args?: string[];
  env?: Record<string, string>;
}

/**
 * Webpack's persistent cache for the release builds of browser tests (WEBPACK_CACHE_DIR, see
 * webpack.shared.js), one per source tree, under the OS temp dir. Those tests build the same
 * remote again and again with one file changed (often the same change: another title), which a
 * cache makes a rebuild of that file's chunks instead of a whole build of about 30-60 s; the
 * files are the same either way, and which test ran first only changes how long a build takes.
 */
export const RELEASE_BUILD_CACHE = path.join(os.tmpdir(), `carebook-release-builds-${createHash('sha256').update(REPO_ROOT).digest('hex').slice(0, 12)}`);

/** The environment a team's command runs in against `stack`'s releases, with `extra` on top. */
export function commandEnv(stack: Stack, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, RELEASES_DIR: stack.releasesDir, WEBPACK_CACHE_DIR: RELEASE_BUILD_CACHE, ...extra };
}

/** A team's release command as they run it (`npm run <command> -w <workspace>`), against the stack's releases. */
export async function releaseCommand(stack: Stack, command: 'release' | 'rollback' | 'releases', options: CommandOptions = {}): Promise<CommandResult> {
  const args = options.args?.length ? ['--', ...options.args] : [];
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', command, '-w', options.workspace ?? 'remotes/doctors', ...args], {
      cwd: REPO_ROOT,
      env: commandEnv(stack, options.env),
      timeout: 240_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { code: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

export interface Edit {
  file: string;
  /** The new content, given the current one (`null` when the file does not exist yet). */
  change: (current: string | null) => string;
}

/** `find` replaced by `replacement` in a file that must contain it. */
export function replace(file: string, find: string, replacement: string): Edit {
  return {
    file,
    change: (source) => {
      if (!source?.includes(find)) throw new Error(`${file} no longer has ${find}: update this test`);
      return source.replace(find, replacement);
    },
  };
}

/** Runs a release command (the doctors team's by default; `args` e.g. `--canary 50`) on a source tree changed by `edits`, then restores it. */
export async function releaseWith(stack: Stack, edits: Edit[], options: CommandOptions = {}): Promise<CommandResult> {
  const originals = edits.map((edit) => (fs.existsSync(edit.file) ? fs.readFileSync(edit.file, 'utf8') : null));
  try {
    edits.forEach((edit, index) => {
      const next = edit.change(originals[index] ?? null);
      if (next === originals[index]) throw new Error(`${edit.file} did not change: update this test`);
      fs.writeFileSync(edit.file, next);
    });
    return await releaseCommand(stack, 'release', options);
  } finally {
    edits.forEach((edit, index) => {
      const original = originals[index];
      if (original === null || original === undefined) fs.rmSync(edit.file, { force: true });
      else fs.writeFileSync(edit.file, original);
    });
  }
}

/** The last line a command printed: the release commands end with the id they made live. */
export const lastLine = (output: string): string => output.trim().split('\n').at(-1) ?? '';
