import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { etagOf, matchesEtag, pickEncoding, varyOnEncoding } from '../lib/prepared-reply';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Below this, compression saves less than it costs (headers, CPU). */
const MIN_COMPRESS_BYTES = 1024;

/**
 * Conditional requests and compression for every other JSON reply (appointments, profile, admin
 * lists). Replies that arrive already prepared (the doctor list: tag and compressed forms made once
 * per change, see `prepared-reply.ts`) carry an ETag and are left alone. A GET 200 gets a weak
 * ETag from its bytes and becomes 304 when the client has them; a reply of 1 KB or more is
 * compressed when the client accepts it. Written here rather than with @fastify/compress: the hot
 * path needs bytes compressed once per change, not per request, and this is the small rest.
 */
export function registerJsonReplies(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || reply.hasHeader('etag') || reply.hasHeader('content-encoding')) return done(null, payload);
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return done(null, payload);
    varyOnEncoding(reply);
    if ((request.method === 'GET' || request.method === 'HEAD') && reply.statusCode === 200) {
      const etag = etagOf(payload);
      reply.header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) {
        reply.code(304);
        return done(null, '');
      }
    }
    const encoding = Buffer.byteLength(payload) >= MIN_COMPRESS_BYTES ? pickEncoding(request.headers['accept-encoding']) : null;
    if (encoding === null) return done(null, payload);
    const compress =
      encoding === 'br' ? brotli(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : gzipAsync(payload, { level: 6 });
    compress.then(
      (bytes) => {
        reply.header('content-encoding', encoding);
        reply.removeHeader('content-length');
        done(null, bytes);
      },
      (error: Error) => done(error),
    );
  });
}
