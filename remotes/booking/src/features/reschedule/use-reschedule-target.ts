import { useEffect, useState } from 'react';
import { errorMessage, getAppointments, hasSlotStarted, MESSAGES, type Appointment } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';

export type RescheduleTarget =
  | { status: 'loading' }
  | { status: 'ready'; appointment: Appointment }
  /** `otherDoctor`: the appointment is with this doctor instead; its page can move it. */
  | { status: 'problem'; message: string; otherDoctor?: string }
  | { status: 'login-required' };

/**
 * The appointment named by `?reschedule=`, checked before any slot is offered: it must be the
 * patient's own, upcoming, live, and with the doctor of this page (the server moves it within its
 * own doctor's diary, so a slot picked on another doctor's page would land somewhere unexpected).
 */
export function useRescheduleTarget(appointmentId: string, docId: string): RescheduleTarget {
  const { api, token, clinic } = useApp();
  const [state, setState] = useState<{ list: Appointment[] } | { error: string } | null>(null);

  useEffect(() => {
    if (!token) return undefined;
    let live = true;
    setState(null);
    getAppointments(api).then(
      (list) => live && setState({ list }),
      (error: unknown) => live && setState({ error: errorMessage(error, MESSAGES.unexpectedError) }),
    );
    return () => {
      live = false;
    };
  }, [api, token, appointmentId]);

  if (!token) return { status: 'login-required' };
  if (!state || !clinic) return { status: 'loading' };
  if ('error' in state) return { status: 'problem', message: state.error };
  const appointment = state.list.find((candidate) => candidate._id === appointmentId);
  if (!appointment) return { status: 'problem', message: MESSAGES.appointmentNotFound };
  if (appointment.cancelled || appointment.isCompleted) return { status: 'problem', message: MESSAGES.appointmentNotMovable };
  if (hasSlotStarted(appointment.slotDate, appointment.slotTime, new Date(), clinic.timeZone)) {
    return { status: 'problem', message: MESSAGES.appointmentPast };
  }
  if (appointment.docId !== docId) {
    return { status: 'problem', message: 'This appointment is with another doctor.', otherDoctor: appointment.docId };
  }
  return { status: 'ready', appointment };
}
