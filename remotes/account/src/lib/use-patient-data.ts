import { useCallback, useEffect, useState } from 'react';
import { type ApiClient, errorMessage, MESSAGES } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';

export type PatientDataState<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/**
 * Something of the logged-in patient's, loaded from the API when the screen opens and reloadable
 * after a change. `load` must keep its identity (a module-level API function).
 */
export function usePatientData<T>(load: (api: ApiClient) => Promise<T>): { state: PatientDataState<T>; reload: () => Promise<void> } {
  const { api, token } = useApp();
  const [state, setState] = useState<PatientDataState<T>>({ status: 'loading' });

  const reload = useCallback(async () => {
    if (!token) return;
    try {
      setState({ status: 'ready', data: await load(api) });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error, MESSAGES.unexpectedError) });
    }
  }, [api, token, load]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  return { state, reload };
}
