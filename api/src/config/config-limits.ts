/** Limits against abuse by many requests or many accounts (api/README.md, "Rate limits"). */
export interface AbuseLimits {
  /** Book, reschedule and cancel calls per account per minute. */
  bookingPerAccount: number;
  /** The same calls per client address per minute (several accounts behind one address). */
  bookingPerAddress: number;
  /** Sign-ups per client address per hour. */
  signupsPerAddressPerHour: number;
  /** Failed logins per account (email) per 15 minutes, whatever address they come from. */
  loginFailuresPerAccount: number;
}

/** fastify's `trustProxy`: false (forwarded headers ignored), a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

type Env = Record<string, string | undefined>;
type ReadInteger = (name: string, fallback: number, min: number, max: number) => number;

export function readAbuseLimits(integer: ReadInteger): AbuseLimits {
  return {
    bookingPerAccount: integer('BOOKING_RATE_MAX', 20, 1, 1_000_000),
    bookingPerAddress: integer('BOOKING_RATE_MAX_PER_ADDRESS', 60, 1, 1_000_000),
    signupsPerAddressPerHour: integer('SIGNUP_RATE_MAX_PER_HOUR', 10, 1, 1_000_000),
    loginFailuresPerAccount: integer('LOGIN_FAILURES_MAX', 10, 1, 1_000_000),
  };
}

const ADDRESS = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

/**
 * TRUST_PROXY: unset, forwarded headers are ignored (the client is the connection's peer). A
 * whole number is how many proxies stand in front (the client is that many hops back in
 * X-Forwarded-For); otherwise a comma-separated list of the proxies' addresses or CIDR ranges.
 */
export function readTrustProxy(env: Env, problems: string[]): TrustProxy {
  const raw = env.TRUST_PROXY?.trim();
  if (!raw) return false;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops >= 1 && hops <= 10) return hops;
  } else {
    const addresses = raw.split(',').map((item) => item.trim());
    if (addresses.every((item) => ADDRESS.test(item))) return addresses;
  }
  problems.push(`TRUST_PROXY must be a hop count from 1 to 10 or a comma-separated list of proxy addresses (got "${raw}")`);
  return false;
}
