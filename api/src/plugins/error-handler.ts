import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import { pgErrorCode } from '../db/db';
import { HttpError, refusalBody } from '../lib/http-error';

/** Framework and plugin errors (by code) to the message a client sees. */
const CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.badRequest,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.badRequest,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MESSAGES.badRequest,
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.requestTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  FST_REQ_FILE_TOO_LARGE: MESSAGES.imageTooLarge,
  FST_FILES_LIMIT: MESSAGES.requestTooLarge,
  FST_FIELDS_LIMIT: MESSAGES.requestTooLarge,
  FST_PARTS_LIMIT: MESSAGES.requestTooLarge,
};

const PRODUCT_MESSAGES: ReadonlySet<string> = new Set(Object.values(MESSAGES));

/**
 * A request that failed its schema: the first failing field's message, which the shared schemas
 * write in the product's words. Anything else (a library's own wording) never reaches a client.
 */
function validationMessage(error: FastifyError): string {
  const message = error.validation?.[0]?.message;
  return message !== undefined && PRODUCT_MESSAGES.has(message) ? message : MESSAGES.badRequest;
}

/**
 * The one error handler: every failure is `{ success: false, message, code }`. 4xx carry a message meant
 * for people and a stable code for programs (`refusalCode`); 5xx say only that something went wrong,
 * and the log has the detail.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (error instanceof HttpError) {
      return reply.status(status).send(refusalBody(status, error.message, error.code));
    }
    // A data exception (class 22: NUL in text, a value out of range...) is input the validation
    // missed. It is still the client's input, so 400, logged loudly enough to fix the rule.
    if (pgErrorCode(error)?.startsWith('22')) {
      request.log.warn({ err: error }, 'input refused by the database');
      return reply.status(400).send(refusalBody(400, MESSAGES.badRequest));
    }
    if (error.validation) {
      request.log.info({ code: error.code, context: error.validationContext, err: error.message }, 'request refused');
      return reply.status(400).send(refusalBody(400, validationMessage(error)));
    }
    if (status >= 400 && status < 500) {
      request.log.info({ code: (error as FastifyError).code, err: error.message }, 'request refused');
      const code = (error as FastifyError).code ?? '';
      const message = CLIENT_MESSAGES[code] ?? (status === 413 ? MESSAGES.requestTooLarge : MESSAGES.badRequest);
      return reply.status(status).send(refusalBody(status, message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send(refusalBody(500, MESSAGES.somethingWentWrong));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(refusalBody(404, MESSAGES.notFound));
  });
}

/** fastify's `frameworkErrors` (a URL it cannot decode, a bad constraint): our shape, 400. */
export function replyToFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: error.code, err: error.message }, 'request refused');
  void reply.status(400).send(refusalBody(400, MESSAGES.badRequest));
}
