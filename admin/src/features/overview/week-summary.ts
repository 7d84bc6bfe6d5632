import { formatLongDay, generateSlotDays, slotSortKey, toIsoDate } from '@carebook/shared';
import type { AdminAppointment } from '../../api/admin-api';

export interface DoctorCount {
  docId: string;
  name: string;
  count: number;
}

export interface DaySummary {
  /** `YYYY-MM-DD`, the filter form of the day. */
  iso: string;
  /** `Tuesday 24 November`. */
  label: string;
  isToday: boolean;
  /** Appointments that still happen (or happened): cancelled ones are not counted. */
  total: number;
  byDoctor: DoctorCount[];
  /** That day's live appointments by start time. */
  appointments: AdminAppointment[];
}

/** The clinic's days from today for one week: the same 7 days patients can book. */
export function weekDays(now: Date, timeZone: string): Array<{ iso: string; key: string; label: string }> {
  return generateSlotDays({ now, timeZone }).map((day) => ({ iso: toIsoDate(day), key: day.key, label: formatLongDay(day) }));
}

function countByDoctor(appointments: AdminAppointment[]): DoctorCount[] {
  const counts = new Map<string, DoctorCount>();
  for (const appointment of appointments) {
    const entry = counts.get(appointment.docId) ?? { docId: appointment.docId, name: appointment.docData.name, count: 0 };
    entry.count += 1;
    counts.set(appointment.docId, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

/** Per day and per doctor, for the overview. Appointments outside the days are ignored. */
export function summarizeWeek(days: ReturnType<typeof weekDays>, appointments: AdminAppointment[]): DaySummary[] {
  const live = appointments.filter((appointment) => !appointment.cancelled);
  return days.map((day, index) => {
    const onDay = live
      .filter((appointment) => appointment.slotDate === day.key)
      .sort((a, b) => slotSortKey(a.slotDate, a.slotTime).localeCompare(slotSortKey(b.slotDate, b.slotTime)));
    return { iso: day.iso, label: day.label, isToday: index === 0, total: onDay.length, byDoctor: countByDoctor(onDay), appointments: onDay };
  });
}

/** Per doctor over the whole week, busiest first. */
export function weekByDoctor(summaries: DaySummary[]): DoctorCount[] {
  return countByDoctor(summaries.flatMap((day) => day.appointments));
}
