// The throwaway PostgreSQL of the tests lives with the other Node test helpers (the servers' release
// store tests start one too).
export { startPgCluster, type PgCluster } from '../../../testing/node/pg-cluster';
