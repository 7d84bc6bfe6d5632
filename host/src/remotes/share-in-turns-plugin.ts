import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { afterInputPause } from './input-pause';

/**
 * Negotiates each shared library (React, React DOM, our singletons) in a task of its own instead of
 * all of them in the task that asked for the shell: on a slow phone that task held a tap on the
 * server's page for up to a tenth of a second (the runtime's version checks, the factories). The
 * browser handles input between the turns; nothing else changes, each library is still chosen by
 * the same rules; and while the patient is tapping the server's page, not before they pause
 * (input-pause.ts). No React import here: this runs before sharing is set up.
 */
export default function shareInTurnsPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'carebook-share-in-turns',
    beforeLoadShare: (args) => afterInputPause().then(() => args),
  };
}
