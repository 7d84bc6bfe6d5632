import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { MESSAGES, type MessageKey } from '@carebook/shared';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T & { success: boolean; message?: string };
  headers: LightMyRequestResponse['headers'];
}

function toReply<T>(res: LightMyRequestResponse): Reply<T> {
  let body: unknown;
  try {
    body = res.json();
  } catch {
    body = { raw: res.body };
  }
  return { status: res.statusCode, body: body as Reply<T>['body'], headers: res.headers };
}

export async function get<T = Record<string, unknown>>(app: FastifyInstance, url: string, token?: string): Promise<Reply<T>> {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  return toReply<T>(await app.inject({ method: 'GET', url, headers }));
}

export async function post<T = Record<string, unknown>>(
  app: FastifyInstance,
  url: string,
  payload: unknown,
  token?: string,
): Promise<Reply<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return toReply<T>(await app.inject({ method: 'POST', url, headers, payload: JSON.stringify(payload) }));
}

/** A multipart/form-data body as a browser's FormData would send it. */
export function multipart(
  fields: Record<string, string>,
  file?: { name?: string; filename: string; type: string; bytes: Buffer },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----carebook${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'image'}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function postForm<T = Record<string, unknown>>(
  app: FastifyInstance,
  url: string,
  form: ReturnType<typeof multipart>,
  token?: string,
): Promise<Reply<T>> {
  const headers = { ...form.headers, ...(token ? { token } : {}) };
  return toReply<T>(await app.inject({ method: 'POST', url, headers, payload: form.payload }));
}

/** A 1x1 PNG. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * The API's refusal that says product message `message`: `{ success: false, message, code }`, the
 * code being the message's key in MESSAGES (api/README.md, "Refusals").
 */
export function refusal(message: string): { success: false; message: string; code: string } {
  const code = (Object.keys(MESSAGES) as MessageKey[]).find((key) => MESSAGES[key] === message);
  if (!code) throw new Error(`Not one of the product's messages: ${message}`);
  return { success: false, message, code };
}
