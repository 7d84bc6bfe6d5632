import { SCREENS, type SkeletonShape } from '@carebook/shared';
import { useCallback, useContext, useEffect, useState, Suspense, type ComponentType, type ReactNode } from 'react';
import { forgetScreen, getScreen } from './load-screen';
import { ScreenNotOnServer, ServerScreensContext } from './server-screens';
import { RemoteErrorBoundary } from './remote-error-boundary';
import styles from './remote-slot.module.css';
import { RouteSkeleton } from './route-skeleton';
import { reportBoundaryError, reportRemoteRendered } from '../telemetry/telemetry';

export interface RemoteSlotProps {
  /** Federation name of the remote, e.g. `doctors`. */
  remote: string;
  /** Exposed module without `./`, e.g. `home`. */
  module: string;
  /** The region's shape while the code loads; the screen's own in `SCREENS` by default. */
  skeleton?: SkeletonShape;
  /** Shown while the remote's code loads instead of the skeleton. */
  loading?: ReactNode;
}

function skeletonOf(remote: string, module: string): SkeletonShape {
  return SCREENS.find((screen) => screen.remote === remote && screen.module === module)?.skeleton ?? 'page';
}

/**
 * On the server, the stand-in for a screen the host's server has not got: it throws inside the
 * region's Suspense, so React sends that region's fallback (the skeleton) and the browser renders
 * the screen. One per id, so the component is the same one on every render of the page.
 */
const missing = new Map<string, ComponentType>();
function notOnServer(id: string): ComponentType {
  let screen = missing.get(id);
  if (!screen) {
    screen = () => {
      throw new ScreenNotOnServer(id);
    };
    missing.set(id, screen);
  }
  return screen;
}

/**
 * Renders one screen of a remote: Suspense while its code loads, an error boundary with Retry
 * when the remote is down or broken. The navbar, footer and other routes never depend on it.
 */
export function RemoteSlot({ remote, module, skeleton, loading }: RemoteSlotProps): ReactNode {
  const id = `${remote}/${module}`;
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    forgetScreen(id);
    setAttempt((n) => n + 1);
  }, [id]);
  const serverScreens = useContext(ServerScreensContext);
  const Screen = serverScreens ? (serverScreens(id) ?? notOnServer(id)) : getScreen(id);
  // The page shows this remote's region: a view of it, for its release's figures (telemetry).
  useEffect(() => reportRemoteRendered(remote), [remote]);

  return (
    <RemoteErrorBoundary
      key={`${id}#${attempt}`}
      onError={(error) => reportBoundaryError(remote, error)}
      fallback={() => (
        <section className={styles.fallback} role="alert" aria-labelledby={`unavailable-${remote}`}>
          <h2 id={`unavailable-${remote}`}>This part of the site is unavailable right now</h2>
          <p>The rest of the site still works. Please try again in a moment.</p>
          <button type="button" className={styles.retry} onClick={retry}>
            Retry
          </button>
        </section>
      )}
    >
      <Suspense
        fallback={loading ?? <RouteSkeleton shape={skeleton ?? skeletonOf(remote, module)} />}
      >
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
