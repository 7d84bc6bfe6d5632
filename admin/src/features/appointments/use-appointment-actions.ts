import { useState } from 'react';
import { toast } from '@carebook/shared/toasts';
import { errorMessage, MESSAGES, type ApiReply } from '@carebook/shared';
import {
  cancelAdminAppointment,
  keepAdminAppointment,
  liftNoShows,
  markAppointmentCompleted,
  markAppointmentMissed,
  markAppointmentPaid,
  type AdminAppointment,
} from '../../api/admin-api';
import { useAdminSession } from '../../session/admin-session';
import type { AppointmentAction } from './appointment-card';

/**
 * Mark paid / completed at once; cancel only after the confirmation dialog. Each success shows the
 * server's message and reloads the list, so what is shown is what is stored.
 */
export function useAppointmentActions(reload: () => Promise<void>) {
  const { api } = useAdminSession();
  const [busyId, setBusyId] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<AdminAppointment | null>(null);

  async function run(appointment: AdminAppointment, call: () => Promise<ApiReply>): Promise<void> {
    setBusyId(appointment._id);
    try {
      const reply = await call();
      toast.success(reply.message ?? MESSAGES.unexpectedError);
      await reload();
    } catch (error) {
      toast.error(errorMessage(error, MESSAGES.unexpectedError));
    } finally {
      setBusyId(null);
    }
  }

  function act(action: AppointmentAction, appointment: AdminAppointment): void {
    if (action === 'cancel') setConfirming(appointment);
    else if (action === 'paid') void run(appointment, () => markAppointmentPaid(api, appointment._id));
    else if (action === 'keep') void run(appointment, () => keepAdminAppointment(api, appointment._id));
    else if (action === 'missed' || action === 'not-missed') void run(appointment, () => markAppointmentMissed(api, appointment._id, action === 'missed'));
    else if (action === 'lift') void run(appointment, () => liftNoShows(api, appointment.userId));
    else void run(appointment, () => markAppointmentCompleted(api, appointment._id));
  }

  async function confirmCancel(): Promise<void> {
    if (!confirming) return;
    await run(confirming, () => cancelAdminAppointment(api, confirming._id));
    setConfirming(null);
  }

  return { busyId, confirming, act, confirmCancel, dismiss: () => setConfirming(null) };
}
