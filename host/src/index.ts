import { holdEarlySubmits } from './remotes/early-submit';
import { afterInputPause, expectPatientTap, watchPatientInput } from './remotes/input-pause';

// Async boundary: shared singletons (React, the context) are negotiated before any of them runs.
// Named: its stylesheet (the shell's styles) is linked by the host's server in every page (servers/host).
// Asked for after the browser's next frame, so the server's page is painted first and a tap on it is
// handled before the app's start, not after (docs/architecture.md, "Less for the main thread at
// start"); and, like every later part of the start, once the patient has paused (input-pause.ts).
// A tab not shown draws no frame: there it is asked for in the next task. A form only the app can
// send, sent before the app has taken it over, waits for it (early-submit.ts).
watchPatientInput();
holdEarlySubmits();
// A doctor's page opened with its time chosen (`/appointment/<id>?time=`, a card's time on the
// list): the next tap is Book, which the page's own form sends, so the start waits as after a tap.
const { pathname, search } = window.location;
if (pathname.startsWith('/appointment/') && new URLSearchParams(search).has('time')) expectPatientTap();

const startApp = (): void => {
  void afterInputPause().then(() => import(/* webpackChunkName: "shell" */ './bootstrap'));
};

if (document.visibilityState === 'hidden') startApp();
else requestAnimationFrame(startApp);
