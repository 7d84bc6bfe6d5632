/**
 * The telemetry contract's limits (shared/src/contract/telemetry.ts), without zod, so the browser's
 * first visit and the host's server hold to the same ones without the validator.
 */
/** A remote's federation name or a release id. */
export const TELEMETRY_NAME = /^[A-Za-z0-9._-]{1,80}$/;
/** A page load's id (random, not the patient's). */
export const TELEMETRY_PAGE_ID = /^[A-Za-z0-9_-]{8,40}$/;
/** Events in one beacon at most. */
export const MAX_EVENTS_PER_BEACON = 50;
