export interface ImmutableFileCacheOptions {
  /** How long one fetch, its answer included, may take. */
  timeoutMs: number;
  /** How long a failure is answered from the cache before the file is asked for again (0: at once). */
  failureKeptMs: number;
  /** Files kept, the most recently used; any address can be asked for, so the cache is bounded. */
  maxEntries: number;
}

interface Entry<T> {
  file: Promise<T>;
  failedAt?: number;
}

/**
 * Files at addresses whose content never changes (a release's files), each fetched and read
 * once: callers asking together share one fetch, a file read is kept, and a failure (no answer,
 * an error status, a `read` that throws) only for `failureKeptMs`, so a remote that was down is
 * asked again once it is back.
 */
export class ImmutableFileCache<T> {
  private readonly files = new Map<string, Entry<T>>();

  constructor(
    private readonly read: (response: Response, url: string) => Promise<T>,
    private readonly options: ImmutableFileCacheOptions,
  ) {}

  /** The file at `url`, read; rejects when it could not be fetched or read. */
  load(url: string): Promise<T> {
    const known = this.files.get(url);
    // Map order is use order: the entry used now goes last, the least recently used first.
    this.files.delete(url);
    if (known && (known.failedAt === undefined || Date.now() - known.failedAt < this.options.failureKeptMs)) {
      this.files.set(url, known);
      return known.file;
    }
    const entry: Entry<T> = { file: this.fetch(url) };
    // Also marks the failure as handled: a caller may be gone (a page sent without that file).
    entry.file.catch(() => {
      entry.failedAt = Date.now();
    });
    this.files.set(url, entry);
    while (this.files.size > this.options.maxEntries) this.files.delete(this.files.keys().next().value as string);
    return entry.file;
  }

  private async fetch(url: string): Promise<T> {
    const response = await fetch(url, { signal: AbortSignal.timeout(this.options.timeoutMs) });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${url} answered ${response.status}`);
    }
    return this.read(response, url);
  }
}
