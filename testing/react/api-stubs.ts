import type { ApiClient } from '@carebook/shared';

type Post = ApiClient['post'];
type Get = ApiClient['get'];

/** Replacements for the client's calls: the real signature, or any `jest.fn` answering per path. */
export type ApiOverrides = { [Call in 'get' | 'post' | 'getText']?: ApiClient[Call] | jest.Mock };

/** An API client whose calls fail loudly unless a test replaces them. */
export function stubApi(overrides: ApiOverrides = {}): ApiClient {
  return {
    baseUrl: 'http://api.test',
    get: jest.fn(async (path: string) => {
      throw new Error(`unexpected GET ${path}`);
    }),
    post: jest.fn(async (path: string) => {
      throw new Error(`unexpected POST ${path}`);
    }),
    getText: jest.fn(async (path: string) => {
      throw new Error(`unexpected GET ${path} (text)`);
    }),
    ...overrides,
  } as ApiClient;
}

/**
 * A `post` or `get` stub whose reply is decided per call by `reply(path, body)`; typed to fit
 * the client's generic call, whose reply type is the test's to decide.
 */
export function apiCall<F extends Post | Get = Post>(reply: (path: string, body?: unknown) => unknown): jest.Mock & F {
  return jest.fn(async (path: string, body?: unknown) => reply(path, body)) as unknown as jest.Mock & F;
}

/** A promise the test settles when it wants, to see the in-between state of a form. */
export function deferred<T>(): { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void } {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}
