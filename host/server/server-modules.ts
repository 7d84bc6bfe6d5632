import { createRequire, isBuiltin } from 'node:module';
import vm from 'node:vm';

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

const FAILURE_KEPT_MS = 10_000;
const FETCH_TIMEOUT_MS = 5_000;

/**
 * The remotes' server builds, fetched from their releases and kept: a release's files never
 * change, so each is fetched and evaluated once (a failure is forgotten after a while, so a
 * remote that was down is tried again). `get` waits at most `budgetMs`: a load still on its way
 * goes on in the background, for the next page.
 */
export class ServerModuleCache {
  private readonly modules = new Map<string, { loading: Promise<unknown>; failedAt?: number }>();

  constructor(
    private readonly provided: Readonly<Record<string, unknown>>,
    private readonly maxEntries = 64,
  ) {}

  load(url: string): Promise<unknown> {
    const known = this.modules.get(url);
    if (known && !(known.failedAt && Date.now() - known.failedAt > FAILURE_KEPT_MS)) return known.loading;
    const entry: { loading: Promise<unknown>; failedAt?: number } = { loading: Promise.resolve() };
    entry.loading = fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
      .then(async (response) => {
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        return evaluateServerModule(await response.text(), url, this.provided);
      })
      .catch((error: unknown) => {
        entry.failedAt = Date.now();
        throw error;
      });
    // Unobserved failures are expected (a remote down): the page renders without that screen.
    entry.loading.catch(() => undefined);
    this.modules.delete(url);
    this.modules.set(url, entry);
    while (this.modules.size > this.maxEntries) this.modules.delete(this.modules.keys().next().value as string);
    return entry.loading;
  }

  /** The module at `url` if it is ready within `budgetMs`, else null (a failure is null too). */
  get(url: string, budgetMs: number): Promise<unknown> {
    return withinBudget(this.load(url).catch(() => null), budgetMs);
  }
}
