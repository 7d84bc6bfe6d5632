import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on 127.0.0.1: its address, and how to stop it. */
export interface LocalServer {
  url: string;
  close(): Promise<void>;
}

/** Starts `server` on a free port of 127.0.0.1; `close` resolves once it has stopped. */
export async function listenLocal(server: Server): Promise<LocalServer> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
