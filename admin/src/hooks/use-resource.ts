import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage, MESSAGES } from '@carebook/shared';

export type ResourceState<T> =
  | { status: 'loading'; data: T | null }
  | { status: 'ready'; data: T }
  | { status: 'error'; data: T | null; message: string };

/**
 * Loads something and keeps it with a status for the screen's loading / error / ready states.
 * `reload` keeps showing the last data while it runs, so lists do not flash empty after an action.
 * A newer load wins over an older one still in flight.
 */
export function useResource<T>(load: () => Promise<T>): { state: ResourceState<T>; reload: () => Promise<void> } {
  const [state, setState] = useState<ResourceState<T>>({ status: 'loading', data: null });
  const latest = useRef(0);
  const reload = useCallback(async () => {
    const call = ++latest.current;
    setState((current) => ({ status: 'loading', data: current.data }));
    try {
      const data = await load();
      if (call === latest.current) setState({ status: 'ready', data });
    } catch (error) {
      if (call === latest.current) {
        setState((current) => ({ status: 'error', data: current.data, message: errorMessage(error, MESSAGES.unexpectedError) }));
      }
    }
  }, [load]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { state, reload };
}
