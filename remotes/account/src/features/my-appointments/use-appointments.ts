import { useCallback, useEffect, useState } from 'react';
import { errorMessage, getAppointments, MESSAGES, type Appointment } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';

export type AppointmentsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; appointments: Appointment[] };

/** The patient's appointments as the server orders them (newest first), reloadable after a change. */
export function useAppointments(): { state: AppointmentsState; reload: () => Promise<void> } {
  const { api, token } = useApp();
  const [state, setState] = useState<AppointmentsState>({ status: 'loading' });

  const reload = useCallback(async () => {
    if (!token) return;
    try {
      setState({ status: 'ready', appointments: await getAppointments(api) });
    } catch (error) {
      setState({ status: 'error', message: errorMessage(error, MESSAGES.unexpectedError) });
    }
  }, [api, token]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  return { state, reload };
}
