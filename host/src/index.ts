// Async boundary: shared singletons (React, the context) are negotiated before any of them runs.
import('./bootstrap');
