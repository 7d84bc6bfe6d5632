import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import { HttpError } from '../lib/http-error';
import { exceedsDepth } from '../lib/json-depth';

/**
 * JSON bodies are parsed by fastify's own parser (prototype poisoning refused), then refused with
 * a 400 when they nest deeper than `MAX_JSON_DEPTH` (5): no call takes more than an address
 * inside a body, and a body nested thousands deep would only cost the handlers that walk it.
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, typeof body === 'string' ? body : body.toString('utf8'), (error, value) => {
      if (error) return done(error);
      if (exceedsDepth(value)) return done(new HttpError(400, MESSAGES.requestTooDeep));
      return done(null, value);
    });
  });
}
