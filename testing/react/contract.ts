// The wire contract's schemas for front-end tests: a test parses what the code sends (a beacon)
// or builds what it reads (an admin reply) with the API's own shapes. Test code only: the site
// itself imports types from the contract, never zod.
export { adminReleasesReplySchema, telemetryBeaconSchema } from '@carebook/shared/contract';
