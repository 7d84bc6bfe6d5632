// Async boundary for the standalone page: shared singletons are negotiated before React runs.
import('./standalone');
