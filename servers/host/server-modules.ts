import { createRequire, isBuiltin } from 'node:module';
import vm from 'node:vm';
import { ImmutableFileCache } from './immutable-file-cache';

const requireBuiltin = createRequire(__filename);

/**
 * A CommonJS file of a server build, evaluated with `provided` as its only non-builtin imports.
 * It gets no file or folder names: a server build has everything it needs bundled (and the
 * deployment's bundler rewrites that Node global's name wherever it appears in our sources).
 */
export function evaluateServerModule(code: string, filename: string, provided: Readonly<Record<string, unknown>>): unknown {
  const module: { exports: unknown } = { exports: {} };
  const wrapper = vm.runInThisContext(`(function (exports, require, module) {${code}\n})`, {
    filename,
  }) as (exports: unknown, require: (name: string) => unknown, module: { exports: unknown }) => void;
  const load = (name: string): unknown => {
    if (Object.hasOwn(provided, name)) return provided[name];
    if (isBuiltin(name)) return requireBuiltin(name) as unknown;
    throw new Error(`${filename} needs ${name}, which the host's server does not provide`);
  };
  wrapper(module.exports, load, module);
  return module.exports;
}

/** `work`'s result if it is done within `budgetMs`, else null (the work itself goes on). */
export function withinBudget<T>(work: Promise<T>, budgetMs: number): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), budgetMs)));
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * The remotes' server builds, fetched from their releases and evaluated once each (a release's
 * files never change; a failure is forgotten after 10 s, so a remote that was down is tried
 * again). `get` waits at most `budgetMs`: a load still on its way goes on in the background, for
 * the next page.
 */
export class ServerModuleCache {
  private readonly modules: ImmutableFileCache<unknown>;

  constructor(provided: Readonly<Record<string, unknown>>, maxEntries = 64) {
    this.modules = new ImmutableFileCache(async (response, url) => evaluateServerModule(await response.text(), url, provided), {
      timeoutMs: 5_000,
      failureKeptMs: 10_000,
      maxEntries,
    });
  }

  load(url: string): Promise<unknown> {
    return this.modules.load(url);
  }

  /** The module at `url` if it is ready within `budgetMs`, else null (a failure is null too). */
  get(url: string, budgetMs: number): Promise<unknown> {
    return withinBudget(this.load(url).catch(() => null), budgetMs);
  }
}
