import http from 'node:http';
import { ImmutableFileCache } from './immutable-file-cache';
import { closeServer, listenLocal } from '../../testing/node/listen';

describe('ImmutableFileCache', () => {
  let server: http.Server;
  let origin: string;
  /** Path -> what the server answers (status 200 unless given), and after how long. */
  let files: Record<string, { body: string; status?: number; delayMs?: number }> = {};
  let asked: string[] = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      const file = files[request.url ?? ''] ?? { body: 'missing', status: 404 };
      setTimeout(() => response.writeHead(file.status ?? 200).end(file.body), file.delayMs ?? 0);
    });
    origin = (await listenLocal(server)).url;
  });
  beforeEach(() => {
    files = {};
    asked = [];
  });
  afterAll(() => closeServer(server));

  const texts = (options: Partial<{ timeoutMs: number; failureKeptMs: number; maxEntries: number }> = {}) =>
    new ImmutableFileCache((response) => response.text(), { timeoutMs: 1000, failureKeptMs: 0, maxEntries: 10, ...options });

  it('fetches a file once: callers asking together share the fetch, later ones get the kept file', async () => {
    files = { '/a.css': { body: 'a', delayMs: 50 } };
    const cache = texts();
    expect(await Promise.all([cache.load(`${origin}/a.css`), cache.load(`${origin}/a.css`)])).toEqual(['a', 'a']);
    expect(await cache.load(`${origin}/a.css`)).toBe('a');
    expect(asked).toEqual(['/a.css']);
  });

  it('passes the response and the address to read, once per file', async () => {
    files = { '/m.json': { body: '{"n":1}' } };
    const read = jest.fn(async (response: Response, url: string) => ({ url, json: (await response.json()) as unknown }));
    const cache = new ImmutableFileCache(read, { timeoutMs: 1000, failureKeptMs: 0, maxEntries: 10 });
    expect(await cache.load(`${origin}/m.json`)).toEqual({ url: `${origin}/m.json`, json: { n: 1 } });
    await cache.load(`${origin}/m.json`);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('rejects on an error status, no answer in time or a failed read, and asks again once failureKeptMs is over', async () => {
    files = { '/slow.css': { body: 'late', delayMs: 300 }, '/bad.json': { body: 'not json' } };
    const cache = texts({ timeoutMs: 100, failureKeptMs: 60_000 });
    await expect(cache.load(`${origin}/gone.css`)).rejects.toThrow(`${origin}/gone.css answered 404`);
    await expect(cache.load(`${origin}/slow.css`)).rejects.toThrow();
    const json = new ImmutableFileCache((response) => response.json() as Promise<unknown>, { timeoutMs: 100, failureKeptMs: 0, maxEntries: 10 });
    await expect(json.load(`${origin}/bad.json`)).rejects.toThrow();

    // Within failureKeptMs the failure is the answer; after it, the file is asked for again. The
    // clock is moved rather than waited for: a loaded machine must not turn "within" into "after".
    files['/gone.css'] = { body: 'back' };
    await expect(cache.load(`${origin}/gone.css`)).rejects.toThrow('answered 404');
    expect(asked.filter((url) => url === '/gone.css')).toHaveLength(1);
    const later = Date.now() + 61_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      expect(await cache.load(`${origin}/gone.css`)).toBe('back');
    } finally {
      clock.mockRestore();
    }
    expect(asked.filter((url) => url === '/gone.css')).toHaveLength(2);
  });

  it('with failureKeptMs 0, asks again for a failed file at once', async () => {
    const cache = texts();
    await expect(cache.load(`${origin}/later.css`)).rejects.toThrow('answered 404');
    files = { '/later.css': { body: 'now' } };
    expect(await cache.load(`${origin}/later.css`)).toBe('now');
  });

  it('keeps the most recently used files only', async () => {
    files = { '/a': { body: 'a' }, '/b': { body: 'b' }, '/c': { body: 'c' } };
    const cache = texts({ maxEntries: 2 });
    for (const file of ['/a', '/b', '/a', '/c', '/a', '/b']) await cache.load(`${origin}${file}`);
    // `/a` was used before `/c` came, so `/b` (the least recently used) made room; then `/b` again.
    expect(asked).toEqual(['/a', '/b', '/c', '/b']);
  });
});
