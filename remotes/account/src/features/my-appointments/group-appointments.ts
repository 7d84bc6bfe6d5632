import { hasSlotStarted, slotSortKey, type Appointment } from '@carebook/shared';

export interface AppointmentGroups {
  /** Live and not started yet, soonest first: the ones a patient can still move or cancel. */
  upcoming: Appointment[];
  /** Completed, or started and never cancelled; most recent first. */
  past: Appointment[];
  /** Most recent slot first. */
  cancelled: Appointment[];
}

/** Splits the patient's appointments by the clinic's clock (the same rule the server enforces). */
export function groupAppointments(list: readonly Appointment[], now: Date, timeZone: string): AppointmentGroups {
  const key = (a: Appointment): string => slotSortKey(a.slotDate, a.slotTime);
  const soonest = (a: Appointment, b: Appointment): number => key(a).localeCompare(key(b));
  const latest = (a: Appointment, b: Appointment): number => soonest(b, a);
  const isUpcoming = (a: Appointment): boolean => !a.cancelled && !a.isCompleted && !hasSlotStarted(a.slotDate, a.slotTime, now, timeZone);
  return {
    upcoming: list.filter(isUpcoming).sort(soonest),
    past: list.filter((a) => !a.cancelled && !isUpcoming(a)).sort(latest),
    cancelled: list.filter((a) => a.cancelled).sort(latest),
  };
}
