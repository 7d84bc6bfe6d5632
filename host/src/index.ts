// Async boundary: shared singletons (React, the context) are negotiated before any of them runs.
// Named: its stylesheet (the shell's styles) is linked by the host's server in every page (host/server).
import(/* webpackChunkName: "shell" */ './bootstrap');
