import type { ChildProcess } from 'node:child_process';

/** A page's beacon as the host sends it: a page view of three remotes and its vitals. */
export function beaconBody(page: number): string {
  return JSON.stringify({
    v: 1,
    page: `bench-page-${page.toString(36).padStart(8, '0')}`,
    releases: { doctors: '20261124T090000Z-aaaaaaaa', booking: '20261124T090000Z-bbbbbbbb', account: '20261124T090000Z-cccccccc', pages: '20261124T090000Z-dddddddd' },
    canary: ['doctors'],
    events: [
      { type: 'view', remotes: ['doctors', 'booking', 'pages'] },
      { type: 'vital', name: 'LCP', value: 1200 + (page % 900) },
      { type: 'vital', name: 'INP', value: 80 + (page % 200) },
      { type: 'vital', name: 'CLS', value: 0.02 },
    ],
  });
}

/** The autocannon request of the beacon bench: text/plain as `navigator.sendBeacon` sends it, a new page each time. */
export function beaconRequests(): { method: 'POST'; path: string; setupRequest: (request: object) => object }[] {
  let next = 0;
  return [
    {
      method: 'POST',
      path: '/api/v1/telemetry',
      setupRequest: (request: object) => ({
        ...request,
        method: 'POST',
        path: '/api/v1/telemetry',
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        body: beaconBody((next += 1)),
      }),
    },
  ];
}

export type BeaconTarget = { url: string; child: ChildProcess };
