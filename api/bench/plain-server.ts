import { readFileSync } from 'node:fs';
import http from 'node:http';

/**
 * The baseline: a bare node:http server answering every request with fixed bytes (those the API
 * answered). Usage: tsx bench/plain-server.ts <file> <status>; prints its port.
 */
const bytes = readFileSync(process.argv[2] as string);
const status = Number(process.argv[3] ?? 200);
const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    response.end(bytes);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`PORT ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
