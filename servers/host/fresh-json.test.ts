import http from 'node:http';
import { FreshJson } from './fresh-json';
import { closeServer, listenLocal } from '../../testing/node/listen';

describe('FreshJson', () => {
  let server: http.Server;
  let url: string;
  let body = '{"n":1}';
  let delayMs = 0;
  let etag = '"v1"';
  const asked: Array<string | undefined> = [];

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      asked.push(request.headers['if-none-match']);
      setTimeout(() => {
        if (request.headers['if-none-match'] === etag) response.writeHead(304, { etag }).end();
        else response.writeHead(200, { etag, 'content-type': 'application/json' }).end(body);
      }, delayMs);
    });
    url = `${(await listenLocal(server)).url}/doctors`;
  });
  afterAll(() => closeServer(server));

  it('revalidates with the ETag, shares one request between pages asking together, and sees a change', async () => {
    const feed = new FreshJson<{ n: number }>(url, { freshMs: 0 });
    expect(await feed.get()).toEqual({ value: { n: 1 }, version: '"v1"' });
    const together = await Promise.all([feed.get(), feed.get(), feed.get()]);
    expect(together.map((read) => read.value?.n)).toEqual([1, 1, 1]);
    expect(asked).toEqual([undefined, '"v1"']);
    body = '{"n":2}';
    etag = '"v2"';
    expect(await feed.get()).toEqual({ value: { n: 2 }, version: '"v2"' });
  });

  it('waits longer for the first read than for a revalidation, so no page goes without the data', async () => {
    delayMs = 500;
    try {
      const feed = new FreshJson<{ n: number }>(url, { freshMs: 0, timeoutMs: 200, firstTimeoutMs: 3000 });
      const first = await feed.get();
      expect(first.value).not.toBeNull();
      const started = Date.now();
      expect(await feed.get()).toEqual(first);
      expect(Date.now() - started).toBeLessThan(450);
    } finally {
      delayMs = 0;
    }
  });

  it('keeps the last good copy while the API does not answer', async () => {
    const feed = new FreshJson<{ n: number }>(url, { freshMs: 0, timeoutMs: 300 });
    const first = await feed.get();
    await closeServer(server);
    expect(await feed.get()).toEqual(first);
    await listenLocal(server, Number(new URL(url).port));
  });
});
