import fetchRetry from 'fetch-retry';
import { MESSAGES } from '../domain/messages';
import { ApiError } from './api-error';

export interface ApiClientOptions {
  /** Backend base address, e.g. `http://localhost:4000`. */
  baseUrl: string;
  /** Read on every call, so a login or logout takes effect at once. */
  getToken: () => string | null;
  /** Called once per 401 reply (expired or invalid token). */
  onUnauthorized?: () => void;
  /** Injected for tests; defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /**
   * Told once per call that failed, after its retries: the reply's status, 0 when no reply came
   * (the host's telemetry counts failed calls by status class).
   */
  onFailure?: (status: number) => void;
  /** Delay before retry `n` (0-based) of a GET or keyed POST; exponential by default. */
  retryDelay?: (attempt: number) => number;
}

export interface ApiClient {
  readonly baseUrl: string;
  get<T>(path: string): Promise<T>;
  /**
   * A plain object goes as JSON, a `FormData` as multipart. Without an `idempotencyKey` never retried
   * (a cut connection may hide a committed change). With one, retried like a GET with the same key:
   * the API changes nothing the second time and replays the first reply.
   */
  post<T>(path: string, body?: object | FormData, options?: { idempotencyKey?: string }): Promise<T>;
  /** A GET whose success is not JSON (e.g. a calendar file); failures are read as usual. */
  getText(path: string): Promise<string>;
}

const RETRY_STATUSES = new Set([502, 503, 504]);
export const GET_RETRIES = 3;

/**
 * The one HTTP client of the site. Sends `Authorization: Bearer <token>`, retries GETs and keyed
 * POSTs on network errors and 502/503/504 only, and turns every failure into an {@link ApiError} with the server's
 * `message` (or, when `success` is false in a 2xx, the same).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const plainFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const retryingFetch = fetchRetry(plainFetch, {
    retries: GET_RETRIES,
    retryDelay: options.retryDelay ?? ((attempt) => 300 * 2 ** attempt),
    retryOn: (attempt, error, response) =>
      attempt < GET_RETRIES && (error !== null || (response !== null && RETRY_STATUSES.has(response.status))),
  });

  async function send<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: object | FormData,
    accept = 'application/json',
    idempotencyKey?: string,
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: accept };
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    const token = options.getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const url = `${baseUrl}${path}`;
    let response: Response;
    try {
      response =
        method === 'GET' || idempotencyKey
          ? await retryingFetch(url, { method, headers, body: payload })
          : await plainFetch(url, { method, headers, body: payload });
    } catch {
      options.onFailure?.(0);
      throw new ApiError(MESSAGES.networkError, 0);
    }
    if (response.ok && accept !== 'application/json') return (await response.text()) as T;
    const data = await readJson(response);
    if (response.status === 401) options.onUnauthorized?.();
    const message = typeof data?.message === 'string' && data.message ? data.message : undefined;
    if (!response.ok) {
      options.onFailure?.(response.status);
      throw new ApiError(message ?? (response.status >= 500 ? MESSAGES.somethingWentWrong : MESSAGES.unexpectedError), response.status);
    }
    if (!data || data.success !== true) throw new ApiError(message ?? MESSAGES.unexpectedError, response.status);
    return data as T;
  }

  return {
    baseUrl,
    get: (path) => send('GET', path),
    post: (path, body, postOptions) => send('POST', path, body, 'application/json', postOptions?.idempotencyKey),
    getText: (path) => send<string>('GET', path, undefined, 'text/calendar, text/plain, application/json;q=0.5'),
  };
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const data: unknown = await response.json();
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
