import {
  type AdminAppointment,
  clinicWallClock,
  DEFAULT_SCHEDULE,
  type Doctor,
  generateSlotDays,
  parseDateKey,
  type Schedule,
  slotFitsSchedule,
  SLOT_MINUTES,
  toDateKey,
} from '@carebook/shared';

/**
 * The calendar's model. Times are the clinic's wall clock held in "floating" `Date`s (the
 * browser's local fields carry the clinic's year ... minute), so the grid shows the clinic's hours
 * on any computer, whatever its zone: the calendar library only does local date arithmetic.
 */

export type VisitState = 'upcoming' | 'paid' | 'completed' | 'missed' | 'cancelled';

interface BaseEvent {
  id: string;
  start: Date;
  end: Date;
  /** The doctor's id: the day view's column. */
  resourceId: string;
  doctorName: string;
  slotDate: string;
  slotTime: string;
}

export interface VisitEvent extends BaseEvent {
  kind: 'visit';
  title: string;
  state: VisitState;
  appointment: AdminAppointment;
}

export interface FreeEvent extends BaseEvent {
  kind: 'free';
  title: string;
}

export type DeskEvent = VisitEvent | FreeEvent;

/** `24_11_2026` + `14:30` as a floating date; `null` for a malformed one. */
export function slotToDate(slotDate: string, slotTime: string): Date | null {
  const date = parseDateKey(slotDate);
  const match = /^(\d{2}):(\d{2})$/.exec(slotTime);
  if (!date || !match) return null;
  return new Date(date.year, date.month - 1, date.day, Number(match[1]), Number(match[2]));
}

/** The wire slot of a floating date: `{ slotDate: '24_11_2026', slotTime: '14:30' }`. */
export function dateToSlot(date: Date): { slotDate: string; slotTime: string } {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return {
    slotDate: toDateKey({ year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() }),
    slotTime: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/** The clinic's "now" as a floating date (the current-time line and what counts as past). */
export function clinicNow(now: Date, timeZone: string): Date {
  const clock = clinicWallClock(now, timeZone);
  const minutes = Math.floor(clock.minutes);
  return new Date(clock.year, clock.month - 1, clock.day, Math.floor(minutes / 60), minutes % 60);
}

/** `YYYY-MM-DD` of a floating date, for the API's day filters. */
export function isoDay(date: Date): string {
  const pad = (n: number): string => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function visitState(appointment: AdminAppointment, end: Date, clinicNowDate: Date): VisitState {
  if (appointment.cancelled) return 'cancelled';
  if (appointment.isCompleted) return 'completed';
  if (end.getTime() <= clinicNowDate.getTime()) return 'missed';
  return appointment.payment ? 'paid' : 'upcoming';
}

export const STATE_LABELS: Record<VisitState, string> = {
  upcoming: 'Upcoming',
  paid: 'Paid',
  completed: 'Completed',
  missed: 'Missed',
  cancelled: 'Cancelled',
};

export interface CalendarInput {
  doctors: readonly Doctor[];
  appointments: readonly AdminAppointment[];
  /** The real instant now; turned into the clinic's wall clock here. */
  now: Date;
  timeZone: string;
  /** Floating days shown, first and last included (midnight of each). */
  firstDay: Date;
  lastDay: Date;
  showCancelled: boolean;
}

/**
 * Every block the calendar shows: each appointment of the shown days (cancelled ones on demand)
 * with its patient and state, and each free 30-minute time a booking would accept now (the
 * patient's own rule: the doctor's hours and time off, not past, within 7 days, not taken).
 */
export function buildEvents(input: CalendarInput): DeskEvent[] {
  const { doctors, appointments, now, timeZone, firstDay, lastDay, showCancelled } = input;
  const nowDate = clinicNow(now, timeZone);
  const from = firstDay.getTime();
  const to = lastDay.getTime() + 24 * 3_600_000;
  const names = new Map(doctors.map((d) => [d._id, d.name]));
  const events: DeskEvent[] = [];
  const taken = new Map<string, Record<string, string[]>>();

  for (const appointment of appointments) {
    const start = slotToDate(appointment.slotDate, appointment.slotTime);
    const doctorName = names.get(appointment.docId);
    if (!start || doctorName === undefined) continue;
    if (!appointment.cancelled) {
      const byDay = taken.get(appointment.docId) ?? {};
      (byDay[appointment.slotDate] ??= []).push(appointment.slotTime);
      taken.set(appointment.docId, byDay);
    }
    if (start.getTime() < from || start.getTime() >= to) continue;
    if (appointment.cancelled && !showCancelled) continue;
    const end = new Date(start.getTime() + SLOT_MINUTES * 60_000);
    events.push({
      kind: 'visit',
      id: appointment._id,
      title: appointment.userData.name,
      start,
      end,
      resourceId: appointment.docId,
      doctorName,
      slotDate: appointment.slotDate,
      slotTime: appointment.slotTime,
      state: visitState(appointment, end, nowDate),
      appointment,
    });
  }

  for (const doctor of doctors) {
    if (!doctor.available) continue;
    const days = generateSlotDays({ now, timeZone, booked: taken.get(doctor._id) ?? {}, schedule: doctor.schedule ?? DEFAULT_SCHEDULE });
    for (const day of days) {
      for (const time of day.times) {
        const start = slotToDate(day.key, time);
        if (!start || start.getTime() < from || start.getTime() >= to) continue;
        events.push({
          kind: 'free',
          id: `free:${doctor._id}:${day.key}:${time}`,
          title: 'Free',
          start,
          end: new Date(start.getTime() + SLOT_MINUTES * 60_000),
          resourceId: doctor._id,
          doctorName: doctor.name,
          slotDate: day.key,
          slotTime: time,
        });
      }
    }
  }
  return events;
}

/**
 * Whether the doctor works at a floating time (weekly hours, not on time off): the calendar
 * shades the rest. Answers are kept per doctor and day, so a redraw asks the rules once per slot.
 */
export function workingHours(doctors: readonly Doctor[], timeZone: string): (date: Date, doctorId: string) => boolean {
  const schedules = new Map<string, Schedule>(doctors.map((d) => [d._id, d.schedule ?? DEFAULT_SCHEDULE]));
  const known = new Map<string, boolean>();
  return (date, doctorId) => {
    const schedule = schedules.get(doctorId);
    if (!schedule) return false;
    const { slotDate, slotTime } = dateToSlot(date);
    const key = `${doctorId}|${slotDate}|${slotTime}`;
    let works = known.get(key);
    if (works === undefined) {
      works = slotFitsSchedule(schedule, slotDate, slotTime, timeZone);
      known.set(key, works);
    }
    return works;
  };
}

/** The hours the grid shows: from the earliest start to the latest end of any doctor's week (10-21 by default). */
export function gridHours(doctors: readonly Doctor[]): { first: number; last: number } {
  let first = 24 * 60;
  let last = 0;
  for (const doctor of doctors) {
    const weekly = (doctor.schedule ?? DEFAULT_SCHEDULE).weekly;
    for (const ranges of Object.values(weekly)) {
      for (const range of ranges) {
        const [sh = 0, sm = 0] = range.start.split(':').map(Number);
        const [eh = 0, em = 0] = range.end.split(':').map(Number);
        first = Math.min(first, sh * 60 + sm);
        last = Math.max(last, eh * 60 + em);
      }
    }
  }
  if (last <= first) return { first: 10 * 60, last: 21 * 60 };
  return { first: Math.floor(first / 60) * 60, last: Math.min(24 * 60 - 1, Math.ceil(last / 60) * 60) };
}

/** One free time offered in the Move dialog. */
export interface FreeTime {
  slotDate: string;
  slotTime: string;
  start: Date;
}

/**
 * The times a doctor's visit could move to now (the booking window, the doctor's hours, not
 * taken), from the live appointments, which must cover the next 7 days.
 */
export function freeTimesOf(doctor: Doctor, appointments: readonly AdminAppointment[], now: Date, timeZone: string): FreeTime[] {
  const booked: Record<string, string[]> = {};
  for (const a of appointments) if (a.docId === doctor._id && !a.cancelled) (booked[a.slotDate] ??= []).push(a.slotTime);
  const times: FreeTime[] = [];
  for (const day of generateSlotDays({ now, timeZone, booked, schedule: doctor.schedule ?? DEFAULT_SCHEDULE })) {
    for (const time of day.times) {
      const start = slotToDate(day.key, time);
      if (start) times.push({ slotDate: day.key, slotTime: time, start });
    }
  }
  return times;
}
