/** One JSON document of the API, as last read, and its version (the API's ETag). */
export interface Versioned<T> {
  value: T | null;
  version: string;
}

export interface FreshJsonOptions {
  /** A read this recent is reused without asking the API again (coalesces a burst of pages). */
  freshMs?: number;
  /** How long a revalidation may take (the last copy is used after that). */
  timeoutMs?: number;
  /** How long the first read may take: with no copy yet, a page would go without the data. */
  firstTimeoutMs?: number;
}

/**
 * A JSON document of the API kept fresh for the page renderer: each page revalidates it with the
 * API's ETag (a 304 costs the API almost nothing), so a change made a moment ago (a doctor added
 * in the admin app) is on the next page. Pages arriving together share one revalidation, and a
 * read younger than `freshMs` is reused. An API that does not answer keeps the last good copy.
 */
export class FreshJson<T> {
  private last: Versioned<T> = { value: null, version: 'none' };
  private etag: string | null = null;
  private readAt = 0;
  private pending: Promise<Versioned<T>> | null = null;
  private readonly freshMs: number;
  private readonly timeoutMs: number;
  private readonly firstTimeoutMs: number;

  constructor(
    private readonly url: string,
    options: FreshJsonOptions = {},
  ) {
    this.freshMs = options.freshMs ?? 100;
    this.timeoutMs = options.timeoutMs ?? 600;
    this.firstTimeoutMs = options.firstTimeoutMs ?? 5000;
  }

  get(): Promise<Versioned<T>> {
    if (Date.now() - this.readAt < this.freshMs) return Promise.resolve(this.last);
    this.pending ??= this.revalidate().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async revalidate(): Promise<Versioned<T>> {
    try {
      const response = await fetch(this.url, {
        headers: this.etag ? { 'if-none-match': this.etag } : {},
        signal: AbortSignal.timeout(this.last.value === null ? this.firstTimeoutMs : this.timeoutMs),
      });
      if (response.status === 200) {
        this.etag = response.headers.get('etag');
        this.last = { value: (await response.json()) as T, version: this.etag ?? String(Date.now()) };
      } else if (response.status !== 304) {
        await response.body?.cancel();
      }
      this.readAt = Date.now();
    } catch {
      // Not answering: the last good copy (or nothing) until it does.
    }
    return this.last;
  }
}
