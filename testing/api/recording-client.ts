import { type ApiClient, createApiClient } from '@carebook/shared';
import type { z } from 'zod';

export interface RecordedReply {
  method: string;
  /** The path without the query string, as the route was called. */
  path: string;
  status: number;
  body: string;
}

export interface RecordingClient {
  api: ApiClient;
  /** Every reply the client received, in order. */
  replies: RecordedReply[];
  /** The token the client sends from now on (`null`: none). */
  useToken(token: string | null): void;
}

/**
 * The site's own API client on the global fetch, keeping a copy of each reply's bytes: the shared
 * request functions return only part of a reply, and the contract is about all of it.
 */
export function recordingClient(baseUrl: string): RecordingClient {
  const replies: RecordedReply[] = [];
  let token: string | null = null;
  const api = createApiClient({
    baseUrl,
    getToken: () => token,
    retryDelay: () => 0,
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      const url = new URL(String(input));
      replies.push({ method: init?.method ?? 'GET', path: url.pathname, status: response.status, body: await response.clone().text() });
      return response;
    },
  });
  return { api, replies, useToken: (next) => (token = next) };
}

/**
 * Parses a reply with its schema in strict mode: besides failing on a missing or mistyped field,
 * an unknown key fails too. zod objects drop keys they do not know, so the parse equals the reply
 * exactly when the reply has none.
 */
export function parseStrictly<Schema extends z.ZodType>(schema: Schema, body: string): z.infer<Schema> {
  const data: unknown = JSON.parse(body);
  const parsed = schema.parse(data);
  expect(parsed).toStrictEqual(data);
  return parsed;
}
