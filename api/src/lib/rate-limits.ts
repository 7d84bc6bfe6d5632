import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MESSAGES } from '@carebook/shared';
import type { Config } from '../config';
import { HttpError } from './http-error';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** Failed logins of one account are counted over this window. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE_MS;

type Hook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface RateLimits {
  /** preHandler hooks of book, reschedule and cancel: per client address, then per account. */
  bookingWrites: Hook[];
  /** preHandler hook of sign-up: per client address per hour. */
  signups: Hook;
  /** Failed logins per account (email): `check` refuses once the limit is reached, `failed` counts one. */
  loginFailures: {
    check(request: FastifyRequest, reply: FastifyReply, account: string): Promise<void>;
    failed(request: FastifyRequest, account: string): Promise<void>;
  };
}

/**
 * The limits against abuse by many requests or many accounts (api/README.md, "Rate limits"), on
 * @fastify/rate-limit's store (one per process). Each refusal is a 429 in the product's shape with
 * `Retry-After` saying when the window frees up. Call after `@fastify/rate-limit` is registered.
 */
export function createRateLimits(app: FastifyInstance, config: Config): RateLimits {
  const { limits } = config;
  const accountOf = new WeakMap<FastifyRequest, string>();
  const counter = (name: string, max: number, timeWindow: number, key: (request: FastifyRequest) => string) =>
    app.createRateLimit({ max, timeWindow, keyGenerator: (request) => `${name}:${key(request)}` });
  /** A hook that counts the request and refuses it past the limit. */
  const hook = (count: ReturnType<typeof counter>, message: string): Hook =>
    async (request, reply) => {
      const state = await count(request);
      if (!state.isAllowed && state.isExceeded) refuse(reply, state.ttlInSeconds, message);
    };

  const loginFailures = counter('login-account', limits.loginFailuresPerAccount, LOGIN_FAILURE_WINDOW_MS, (request) => accountOf.get(request) ?? '');
  return {
    bookingWrites: [
      hook(counter('booking-address', limits.bookingPerAddress, MINUTE_MS, (request) => request.ip), MESSAGES.tooManyBookingChanges),
      hook(counter('booking-account', limits.bookingPerAccount, MINUTE_MS, (request) => request.userId), MESSAGES.tooManyBookingChanges),
    ],
    signups: hook(counter('signup-address', limits.signupsPerAddressPerHour, HOUR_MS, (request) => request.ip), MESSAGES.tooManySignups),
    loginFailures: {
      async check(request, reply, account) {
        accountOf.set(request, account);
        // Read only: the count so far, refused once it has reached the limit.
        const state = await loginFailures(request, { increment: false });
        if (!state.isAllowed && state.remaining <= 0) refuse(reply, state.ttlInSeconds, MESSAGES.tooManyAttempts);
      },
      async failed(request, account) {
        accountOf.set(request, account);
        await loginFailures(request);
      },
    },
  };
}

function refuse(reply: FastifyReply, ttlInSeconds: number, message: string): never {
  reply.header('retry-after', String(Math.max(1, ttlInSeconds)));
  throw new HttpError(429, message);
}
