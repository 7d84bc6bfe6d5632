import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import { HttpError } from './http-error';
import { exceedsDepth } from './json-depth';

export interface FormInput {
  /** Text fields; JSON objects in a JSON body (e.g. `address`) arrive as JSON text, like in a form. */
  fields: Map<string, string>;
  /** The `image` file, when one was sent (at most one; size capped by the multipart limits). */
  image: Buffer | null;
}

/**
 * Reads a multipart form (the site's profile form, the admin panel's doctor form) or, for API
 * clients, the same fields as a JSON object. Files other than `image` are read and dropped.
 */
export async function readForm(request: FastifyRequest): Promise<FormInput> {
  const fields = new Map<string, string>();
  let image: Buffer | null = null;
  if (request.isMultipart()) {
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const bytes = await part.toBuffer();
          if (part.fieldname === 'image' && bytes.length > 0) image = bytes;
        } else if (typeof part.value === 'string') {
          fields.set(part.fieldname, part.value);
        }
      }
    } catch (error) {
      // Limits (413) keep their status; anything else is a body busboy could not parse: a
      // truncated stream, a missing boundary, broken part headers. That is the client's fault.
      const status = (error as { statusCode?: unknown }).statusCode;
      if (typeof status === 'number' && status >= 400 && status < 500 && status !== 406) throw error;
      throw new HttpError(400, MESSAGES.badRequest);
    }
    return { fields, image };
  }
  const body = request.body;
  if (body === undefined || body === null) return { fields, image };
  if (typeof body !== 'object' || Array.isArray(body)) throw new HttpError(400, MESSAGES.badRequest);
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === 'string') fields.set(key, value);
    else if (typeof value === 'number' || typeof value === 'boolean') fields.set(key, String(value));
    else if (typeof value === 'object' && value !== null) fields.set(key, JSON.stringify(value));
  }
  return { fields, image };
}

const ADDRESS_KEYS: ReadonlySet<string> = new Set(['line1', 'line2']);

/**
 * `{"line1":"..","line2":".."}` text to an address; missing lines are empty. Any other key is a
 * 400: an address the server cannot read must never be saved as an empty one over the real one.
 */
export function parseAddress(text: string): { line1: string; line2: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new HttpError(400, MESSAGES.invalidAddress);
  }
  if (exceedsDepth(parsed)) throw new HttpError(400, MESSAGES.requestTooDeep);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new HttpError(400, MESSAGES.invalidAddress);
  if (Object.keys(parsed).some((key) => !ADDRESS_KEYS.has(key))) throw new HttpError(400, MESSAGES.invalidAddress);
  const { line1 = '', line2 = '' } = parsed as Record<string, unknown>;
  if (typeof line1 !== 'string' || typeof line2 !== 'string') throw new HttpError(400, MESSAGES.invalidAddress);
  return { line1: line1.trim(), line2: line2.trim() };
}
