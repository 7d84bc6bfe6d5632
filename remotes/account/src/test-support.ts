// Helpers for this remote's component tests (jest only; never imported by the screens).
import type { ApiClient } from '@carebook/shared';

type Post = ApiClient['post'];
type Get = ApiClient['get'];

/** A `post` or `get` stub whose reply is decided per call by `reply(path, body)`. */
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
