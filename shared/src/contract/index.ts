/**
 * `@carebook/shared/contract`: the wire schemas of `/api/v1`, one source for both sides. The API
 * validates requests and serialises replies through them; the site's types are inferred from them
 * (`types/*.ts`, `import type` only, so no schema library reaches a browser bundle); the contract
 * test parses every reply with them.
 */
export * from './common';
export * from './doctors';
export * from './users';
export * from './appointments';
export * from './admin';
export * from './sessions';
export * from './audit';
export * from './waitlist';
export * from './telemetry';
