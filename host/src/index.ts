// Async boundary: shared singletons (React, the context) are negotiated before any of them runs.
// Named: its stylesheet (the shell's styles) is linked by the host's server in every page (host/server).
// Asked for in the task after this script's own, so a tap on the server's page is handled between the
// two instead of waiting for both (docs/architecture.md, "Less for the main thread at start").
setTimeout(() => {
  void import(/* webpackChunkName: "shell" */ './bootstrap');
}, 0);
