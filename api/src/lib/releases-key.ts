import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** The header our own servers (the remotes' canary watch, the host's region reports) send RELEASES_API_KEY in. */
export const RELEASES_KEY_HEADER = 'x-releases-key';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Tells whether a request carries the releases key (compared in constant time, through digests
 * of equal length). Null when the API has no key: then no request carries it.
 */
export function releasesKeyCheck(key: string | null): ((request: FastifyRequest) => boolean) | null {
  if (key === null) return null;
  const expected = digest(key);
  return (request) => {
    const given = request.headers[RELEASES_KEY_HEADER];
    return typeof given === 'string' && timingSafeEqual(digest(given), expected);
  };
}
