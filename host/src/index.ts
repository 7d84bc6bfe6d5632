// Async boundary: shared singletons (React, the context) are negotiated before any of them runs.
// Named: its stylesheet (the shell's styles) is linked by the host's server in every page (servers/host).
// Asked for after the browser's next frame, so the server's page is painted first and a tap on it is
// handled before the app's start, not after (docs/architecture.md, "Less for the main thread at
// start"). A tab not shown draws no frame: there it is asked for in the next task.
const startApp = (): void => {
  setTimeout(() => {
    void import(/* webpackChunkName: "shell" */ './bootstrap');
  }, 0);
};

if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(startApp);
