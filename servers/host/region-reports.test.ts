import http from 'node:http';
import { telemetryBeaconSchema } from '@carebook/shared/contract';
import type { TelemetryBeacon } from '@carebook/shared';
import { listenLocal, type LocalServer } from '../../testing/node/listen';
import { newPageId, regionBeacon, RegionReports, type RegionFailure } from './region-reports';

const config: RegionFailure['config'] = {
  releases: { doctors: { id: 'r-canary', builtAt: '2026-11-28T03:00:00Z' }, booking: { id: 'b1', builtAt: '2026-11-27T03:00:00Z' }, pages: null },
  canary: ['doctors'],
};

describe('regionBeacon', () => {
  it("is a contract beacon of the page's id, its releases and one server error of the region's remote", () => {
    const page = newPageId();
    expect(page).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const beacon = telemetryBeaconSchema.parse(regionBeacon({ page, config, remote: 'doctors' }));
    expect(beacon).toEqual({
      v: 1,
      page,
      releases: { doctors: 'r-canary', booking: 'b1' },
      canary: ['doctors'],
      events: [{ type: 'error', remote: 'doctors', kind: 'server' }],
    });
  });
});

describe('RegionReports', () => {
  let api: LocalServer;
  let received: { contentType: string | undefined; beacon: TelemetryBeacon }[];
  let answer: (response: http.ServerResponse) => void;

  beforeEach(async () => {
    received = [];
    answer = (response) => response.writeHead(204).end();
    api = await listenLocal(
      http.createServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          received.push({ contentType: request.headers['content-type'], beacon: telemetryBeaconSchema.parse(JSON.parse(body)) });
          answer(response);
        });
      }),
    );
  });
  afterEach(() => api.close());

  it('sends each reported page as its own beacon to the API, in the background', async () => {
    const reports = new RegionReports({ endpoint: `${api.url}/api/v1/telemetry`, everyMs: 60_000 });
    try {
      const pages = Array.from({ length: 7 }, newPageId);
      for (const page of pages) reports.report({ page, config, remote: 'doctors' });
      expect(received).toHaveLength(0);
      await reports.flush();
      expect(received.map(({ beacon }) => beacon.page).sort()).toEqual([...pages].sort());
      expect(received.every(({ contentType }) => contentType === 'application/json')).toBe(true);
    } finally {
      reports.stop();
    }
  });

  it('goes out on its own timer', async () => {
    const reports = new RegionReports({ endpoint: `${api.url}/api/v1/telemetry`, everyMs: 20 });
    try {
      reports.report({ page: newPageId(), config, remote: 'booking' });
      for (let i = 0; i < 100 && received.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received.map(({ beacon }) => beacon.events)).toEqual([[{ type: 'error', remote: 'booking', kind: 'server' }]]);
    } finally {
      reports.stop();
    }
  });

  it('drops what the API refuses or cannot take, and keeps at most maxWaiting reports', async () => {
    answer = (response) => response.writeHead(429).end();
    const reports = new RegionReports({ endpoint: `${api.url}/api/v1/telemetry`, everyMs: 60_000, maxWaiting: 3 });
    try {
      for (let i = 0; i < 10; i += 1) reports.report({ page: newPageId(), config, remote: 'doctors' });
      await reports.flush();
      expect(received).toHaveLength(3);
      await reports.flush();
      expect(received).toHaveLength(3);
    } finally {
      reports.stop();
    }
  });

  it('reports nothing of a remote whose release the page does not know', async () => {
    const reports = new RegionReports({ endpoint: `${api.url}/api/v1/telemetry`, everyMs: 60_000 });
    try {
      reports.report({ page: newPageId(), config, remote: 'pages' });
      reports.report({ page: newPageId(), config, remote: 'account' });
      await reports.flush();
      expect(received).toHaveLength(0);
    } finally {
      reports.stop();
    }
  });

  it('a page never waits for an API that does not answer', async () => {
    await api.close();
    const reports = new RegionReports({ endpoint: `${api.url}/api/v1/telemetry`, everyMs: 60_000 });
    try {
      const started = Date.now();
      reports.report({ page: newPageId(), config, remote: 'doctors' });
      expect(Date.now() - started).toBeLessThan(50);
      await expect(reports.flush()).resolves.toBeUndefined();
    } finally {
      reports.stop();
    }
    api = await listenLocal(http.createServer());
  });
});
