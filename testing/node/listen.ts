// A local HTTP server for a test or a benchmark: standing in for a remote, the API, an
// integrator's page, or serving bare pages.
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on 127.0.0.1: its address, and how to stop it. */
export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/** Closes the server, its open keep-alive connections included (they would hold the close back). */
export function closeServer(server: http.Server): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeAllConnections();
  return closed;
}

/** Starts `server` on a free port of 127.0.0.1 (or on `port`); `close` resolves once it has stopped. */
export async function listenLocal(server: http.Server, port = 0): Promise<LocalServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}`, close: () => closeServer(server) };
}
