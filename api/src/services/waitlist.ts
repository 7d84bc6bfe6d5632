import { randomUUID } from 'node:crypto';
import { checkSlot, clinicWallClock, gridMinutes, parseDateKey, slotInterval, slotSortKey, toIsoDate, weekdayName } from '@carebook/shared';
import type { Queryable } from '../db/db';
import { earlierTimeMail } from '../lib/mail-templates';
import { toDocData } from '../lib/serialize';
import { isBookingStopped, isWithinCutoff, type NoShowPolicy } from '../lib/no-show-policy';
import { patientBookingState } from '../repositories/appointments-repository';
import { findDoctor } from '../repositories/doctors-repository';
import { enqueueMail } from '../repositories/mail-outbox-repository';
import { endRequestsOfAppointment, endStaleRequests, insertOffer, isSlotHeld, listOpenRequests, type OpenRequestRow } from '../repositories/waitlist-repository';

/** A freed time of one doctor, wire form. */
export interface FreedSlot {
  doctorId: string;
  slotDate: string;
  slotTime: string;
}

/** One offer made (for the audit trail). */
export interface MadeOffer extends FreedSlot {
  offerId: string;
  requestId: string;
  userId: string;
}

export interface WaitlistSettings extends NoShowPolicy {
  timeZone: string;
  siteUrl: string;
  maxUpcomingPerPatient: number;
  cancelCutoffHours: number;
}

/** Mornings are starts before 13:00; afternoons from 13:00. */
const AFTERNOON_FROM = 13 * 60;

/**
 * Whether a freed time fits what the request asked for: earlier than the visit it would move,
 * before its "before" day, on one of its weekdays, in its part of the day. Pure: the patient's
 * own limits are checked against the database afterwards.
 */
export function requestFits(request: Pick<OpenRequestRow, 'slot_date' | 'slot_time' | 'before_day' | 'weekdays' | 'part_of_day'>, slot: Omit<FreedSlot, 'doctorId'>): boolean {
  const date = parseDateKey(slot.slotDate);
  const minutes = gridMinutes(slot.slotTime);
  if (!date || minutes === null) return false;
  if (request.slot_date !== null && request.slot_time !== null && slotSortKey(slot.slotDate, slot.slotTime) >= slotSortKey(request.slot_date, request.slot_time)) {
    return false;
  }
  const iso = toIsoDate(date);
  if (request.before_day !== null && iso >= request.before_day) return false;
  if (request.weekdays.length > 0 && !request.weekdays.includes(weekdayName(new Date(`${iso}T12:00:00Z`).getUTCDay()))) return false;
  if (request.part_of_day === 'morning' && minutes >= AFTERNOON_FROM) return false;
  if (request.part_of_day === 'afternoon' && minutes < AFTERNOON_FROM) return false;
  return true;
}

/**
 * Offers freed times to the waitlist, inside the transaction that freed them (a cancel, a move,
 * a taken offer, a schedule change): an offer and its email exist exactly when the freeing
 * committed, and all fitting patients are offered at the same moment. Who gets it is decided when
 * they take it (first take wins, `appointment-writes.ts`).
 */
export function createWaitlist(settings: WaitlistSettings, now: () => Date) {
  /**
   * Whether this patient could take the time: not stopped by the no-show policy, no other visit of
   * theirs at that time, within the cap when taking would book (a move does not add one), and the
   * visit it would move is not within the cancellation cut-off.
   */
  async function canTake(tx: Queryable, request: OpenRequestRow, slot: FreedSlot, at: Date): Promise<boolean> {
    if (request.slot_date !== null && request.slot_time !== null) {
      const start = slotInterval(request.slot_date, request.slot_time, settings.timeZone)?.start;
      if (!start || isWithinCutoff(start, at, settings.cancelCutoffHours)) return false;
    }
    if (await isBookingStopped(tx, request.user_id, settings, at, settings.timeZone)) return false;
    const clock = clinicWallClock(at, settings.timeZone);
    const minutes = Math.floor(clock.minutes);
    const state = await patientBookingState(tx, {
      userId: request.user_id,
      slotDate: slot.slotDate,
      slotTime: slot.slotTime,
      today: toIsoDate(clock),
      time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
      exceptId: request.appointment_id,
    });
    if (state.clash) return false;
    return request.appointment_id !== null || state.upcoming < settings.maxUpcomingPerPatient;
  }

  /** Offers one freed time to every open request that fits and could take it; returns the offers made. */
  async function offer(tx: Queryable, slot: FreedSlot): Promise<MadeOffer[]> {
    const at = now();
    const doctor = await findDoctor(tx, slot.doctorId);
    if (!doctor || !doctor.available) return [];
    // Past, beyond the booking window, on time off or outside the hours now: nobody could take it.
    if (!checkSlot({ slotDate: slot.slotDate, slotTime: slot.slotTime, now: at, timeZone: settings.timeZone, schedule: doctor.schedule }).ok) return [];
    if (await isSlotHeld(tx, slot)) return [];
    const interval = slotInterval(slot.slotDate, slot.slotTime, settings.timeZone);
    const date = parseDateKey(slot.slotDate);
    if (!interval || !date) return [];
    await endStaleRequests(tx, { now: at, timeZone: settings.timeZone, doctorId: slot.doctorId });
    const made: MadeOffer[] = [];
    for (const request of await listOpenRequests(tx, { doctorId: slot.doctorId })) {
      if (!requestFits(request, slot) || !(await canTake(tx, request, slot, at))) continue;
      const offerId = randomUUID();
      const inserted = await insertOffer(tx, {
        id: offerId,
        requestId: request.id,
        userId: request.user_id,
        doctorId: slot.doctorId,
        slotDate: slot.slotDate,
        slotTime: slot.slotTime,
        slotDay: toIsoDate(date),
        now: at,
        expiresAt: interval.start,
      });
      if (!inserted) continue;
      const current = request.slot_date !== null && request.slot_time !== null ? { slotDate: request.slot_date, slotTime: request.slot_time } : null;
      await enqueueMail(tx, {
        dedupeKey: `earlier-time:${offerId}`,
        kind: 'earlier-time',
        recipient: request.user_email,
        mail: earlierTimeMail(
          { offerId, patientName: request.user_name, doctor: toDocData(doctor), slotDate: slot.slotDate, slotTime: slot.slotTime, current },
          { timeZone: settings.timeZone, siteUrl: settings.siteUrl, now: at },
        ),
      });
      made.push({ ...slot, offerId, requestId: request.id, userId: request.user_id });
    }
    return made;
  }

  return {
    /** The visit was cancelled: requests waiting to move it end with it. */
    async visitCancelled(tx: Queryable, appointmentId: string): Promise<void> {
      await endRequestsOfAppointment(tx, appointmentId, 'visit-cancelled', now());
    },

    /** Offers each freed time in turn (a schedule change may free many). */
    async timesFreed(tx: Queryable, slots: readonly FreedSlot[]): Promise<MadeOffer[]> {
      const made: MadeOffer[] = [];
      for (const slot of slots) made.push(...(await offer(tx, slot)));
      return made;
    },
  };
}

export type Waitlist = ReturnType<typeof createWaitlist>;
