import net from 'node:net';

/**
 * Ports handed out by this process. The probe below closes its socket before the caller listens,
 * so the system may offer the same port again to the next probe (a stack asks for seven at once):
 * a port is never handed out twice.
 */
const handedOut = new Set<number>();

function probe(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** A port nobody listens on right now, on 127.0.0.1, and not given to anyone else in this process. */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await probe();
    if (!handedOut.has(port)) {
      handedOut.add(port);
      return port;
    }
  }
}
