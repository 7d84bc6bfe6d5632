import { z } from 'zod';

/**
 * Telemetry per release and the canary's watch (issue 42): what a page reports, what the admin app
 * reads, and what a remote's server asks the API while its canary runs. No personal data: releases,
 * remote names, counts and timings only.
 */

/** A remote's federation name or a release id, as the release store writes them. */
const nameField = z.string().regex(/^[A-Za-z0-9._-]{1,80}$/);

/** Where a region's failure was seen. */
export const TELEMETRY_ERROR_KINDS = ['load', 'boundary', 'script', 'server'] as const;
/** A failed API call by its class; `network`: no answer at all. */
export const API_FAILURE_CLASSES = ['4xx', '5xx', 'network'] as const;
export const WEB_VITALS = ['LCP', 'INP', 'CLS'] as const;

/** One thing a page saw. Every event of a beacon belongs to the one page load the beacon names. */
export const telemetryEventSchema = z.discriminatedUnion('type', [
  /** The page was shown; `remotes`: the remotes it rendered (each counts this page view). */
  z.object({ type: z.literal('view'), remotes: z.array(nameField).max(12) }),
  /**
   * A remote's region failed: its code did not load (`load`), its error boundary caught an error
   * (`boundary`), its code threw outside React (`script`), the host's server could not render it
   * or ran out of its time (`server`).
   */
  z.object({ type: z.literal('error'), remote: nameField, kind: z.enum(TELEMETRY_ERROR_KINDS) }),
  /** A call to the API made by a remote's code failed. */
  z.object({ type: z.literal('api'), remote: nameField, status: z.enum(API_FAILURE_CLASSES) }),
  /** A web vital of the page (`web-vitals`): LCP and INP in ms, CLS unitless. */
  z.object({ type: z.literal('vital'), name: z.enum(WEB_VITALS), value: z.number().finite().min(0).max(600_000) }),
]);

/**
 * `POST /api/v1/telemetry` (text/plain or application/json: `navigator.sendBeacon` sends a string):
 * a batch of events of one page load. `releases`: the release of every remote the page runs (its
 * runtime configuration); `canary`: which of them are canaries. Anything else gets a 400 and counts
 * nothing.
 */
export const telemetryBeaconSchema = z.strictObject({
  v: z.literal(1),
  /** A random id of the page load (not of the patient), so a page's events count once. */
  page: z.string().regex(/^[A-Za-z0-9_-]{8,40}$/),
  releases: z.record(nameField, nameField),
  canary: z.array(nameField).max(12).optional(),
  events: z.array(telemetryEventSchema).min(1).max(50),
});

/** One minute of one release of one remote. `errorViews`: page views with at least one error of it. */
export const releaseMinuteSchema = z.object({
  minute: z.string(),
  views: z.number(),
  errorViews: z.number(),
  apiFailures: z.number(),
  lcpP75: z.number().nullable(),
  inpP75: z.number().nullable(),
});

/** One release of a remote over a window: its totals and its minutes. */
export const releaseHealthSchema = z.object({
  release: nameField,
  role: z.enum(['live', 'canary', 'earlier']),
  views: z.number(),
  errorViews: z.number(),
  /** errorViews / views, 0-1; null with no view. */
  errorRate: z.number().nullable(),
  lcpP75: z.number().nullable(),
  inpP75: z.number().nullable(),
  minutes: z.array(releaseMinuteSchema),
});

/** A running canary as its remote's server last reported it. */
export const canaryStateSchema = z.object({
  id: nameField,
  base: nameField,
  share: z.number(),
  stage: z.number(),
  stageCount: z.number(),
  stageEndsAt: z.string().nullable(),
  state: z.enum(['running', 'holding']),
  startedAt: z.string(),
  contact: z.string().optional(),
});

/** `:remote` of the releases routes. */
export const releaseRemoteParamsSchema = z.object({ remote: nameField });

/** `?window=hour|day` of `GET /api/v1/admin/releases` (default: hour). */
export const adminReleasesQuerySchema = z.object({ window: z.enum(['hour', 'day']).default('hour') });

/** The reply to `POST /api/v1/telemetry`: the beacon was counted. */
export const telemetryReplySchema = z.object({ success: z.literal(true) });

/** One side of the rule's comparison over its window. */
export const ruleSideSchema = z.object({
  release: nameField,
  views: z.number(),
  errorViews: z.number(),
  errorRate: z.number().nullable(),
});

/**
 * What the canary rule says of a running canary (see shared/src/domain/canary-rule.ts): over the
 * window `from`-`to` (`window`), and over the canary's whole life (`sinceStart`, what promotion needs).
 */
export const canaryRuleReportSchema = z.object({
  verdict: z.enum(['withdraw', 'healthy', 'too-few-views']),
  from: z.string(),
  to: z.string(),
  canary: ruleSideSchema,
  live: ruleSideSchema,
  z: z.number().nullable(),
  summary: z.string(),
  sinceStart: z.object({ verdict: z.enum(['withdraw', 'healthy', 'too-few-views']), canary: ruleSideSchema, live: ruleSideSchema, z: z.number().nullable() }),
});

/**
 * What the API asks a remote's server to do with its canary. `withdraw`: the rule fired (with the
 * figures); `promote`: the plan's time is up and it was healthy with enough views (`by: rule`), or
 * staff ordered it; `rollback`: staff ordered it. Every order names the canary it is for.
 */
export const releaseOrderSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('none') }),
  z.object({ action: z.literal('withdraw'), canary: nameField, by: z.literal('rule'), note: z.string(), orderedAt: z.string() }),
  z.object({ action: z.literal('promote'), canary: nameField, by: z.enum(['rule', 'staff']), note: z.string(), orderedAt: z.string() }),
  z.object({ action: z.literal('rollback'), canary: nameField, by: z.literal('staff'), note: z.string(), orderedAt: z.string() }),
]);

/**
 * `POST /api/v1/releases/:remote/check` (a remote's own server, with the `X-Releases-Key` header
 * holding RELEASES_API_KEY): its live release and running canary now; the reply is the order.
 */
export const releaseCheckRequestSchema = z.strictObject({
  live: nameField.nullable(),
  canary: canaryStateSchema.nullable(),
});

export const releaseCheckReplySchema = z.object({
  success: z.literal(true),
  order: releaseOrderSchema,
  /** The rule's figures for the running canary (null: none runs). */
  rule: canaryRuleReportSchema.nullable(),
});

/**
 * `GET /api/v1/releases/:remote/health` (same key): what `npm run releases` shows of a remote's
 * canary, from the API's side: the state last reported, the pending order and the rule's figures.
 */
export const releaseHealthReplySchema = z.object({
  success: z.literal(true),
  remote: nameField,
  live: nameField.nullable(),
  canary: canaryStateSchema.nullable(),
  reportedAt: z.string().nullable(),
  order: releaseOrderSchema,
  rule: canaryRuleReportSchema.nullable(),
});

/** The reply to a staff order (202): what was ordered; the remote's server carries it out at its next check (within ~10 s). */
export const releaseOrderReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  order: releaseOrderSchema,
});

/** `GET /api/v1/admin/releases?window=hour|day` (staff): per remote, its releases and their health. */
export const adminReleasesReplySchema = z.object({
  success: z.literal(true),
  window: z.enum(['hour', 'day']),
  remotes: z.array(
    z.object({
      remote: nameField,
      live: nameField.nullable(),
      canary: canaryStateSchema.nullable(),
      /** When the remote's server last reported its state (null: never). */
      reportedAt: z.string().nullable(),
      releases: z.array(releaseHealthSchema),
      /** An order not carried out yet (issue 42 part 2; absent: none). */
      order: releaseOrderSchema.optional(),
      /** What the canary rule says now (absent: no canary runs). */
      rule: canaryRuleReportSchema.optional(),
    }),
  ),
});

/**
 * `POST /api/v1/admin/releases/:remote/promote` and `.../rollback` (staff, audited): end the
 * running canary `canary` (so a click on a stale page cannot end a newer one). The remote's server
 * carries it out at its next check; the reply says it was ordered.
 */
export const releaseOrderRequestSchema = z.strictObject({ canary: nameField });
