import { useMemo, useState, type ReactNode } from 'react';
import { formatSlotLabel, generateSlotDays, MESSAGES, type Doctor } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { SlotPicker } from './slot-picker';
import { useBookSlot, type BookedSlot } from './use-book-slot';
import { useNow } from './use-now';
import styles from './booking-panel.module.css';

export interface BookingPanelProps {
  doctor: Doctor;
  onLoginRequired: () => void;
  onBooked: (booking: BookedSlot) => void;
  /** Move this appointment to the chosen time instead of booking a new one. */
  rescheduleId?: string;
}

/**
 * Slot row + Book button for one doctor. Slots are laid out in the clinic's zone (from the API),
 * never the browser's, so a patient abroad sees the times the clinic will honour.
 */
export function BookingPanel({ doctor, onLoginRequired, onBooked, rescheduleId }: BookingPanelProps): ReactNode {
  const { clinic } = useApp();
  const now = useNow();
  // Slots this screen learned are gone (booked here, or refused as taken) before the list reloads.
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const days = useMemo(() => {
    if (!clinic) return [];
    const booked: Record<string, string[]> = { ...doctor.slots_booked };
    for (const slot of gone) {
      const [key = '', time = ''] = slot.split(' ');
      booked[key] = [...(booked[key] ?? []), time];
    }
    return generateSlotDays({ now, timeZone: clinic.timeZone, booked });
  }, [clinic, doctor.slots_booked, gone, now]);

  const [dayKey, setDayKey] = useState('');
  const [chosenTime, setChosenTime] = useState<string | null>(null);
  // Until the patient picks a day, show the one with the first free time (the card's "Next:").
  const day = days.find((candidate) => candidate.key === dayKey) ?? days.find((candidate) => candidate.times.length > 0) ?? days[0];
  // A time that vanished (taken, passed) is no longer a selection.
  const time = day && chosenTime && day.times.includes(chosenTime) ? chosenTime : null;
  const { book, busy } = useBookSlot({ docId: doctor._id, onLoginRequired, onBooked, rescheduleId });

  async function submit(): Promise<void> {
    if (!day || !time) return;
    const outcome = await book({ slotDate: day.key, slotTime: time });
    if (outcome === 'booked' || outcome === 'taken') setGone((old) => new Set(old).add(`${day.key} ${time}`));
    if (outcome !== 'login-required') setChosenTime(null);
  }

  const headingId = `booking-${doctor._id}`;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {rescheduleId ? 'Choose a new time' : 'Booking slots'}
      </h2>
      {!doctor.available ? (
        <p className={styles.notice}>{MESSAGES.doctorUnavailable}</p>
      ) : !clinic ? (
        <p role="status">Loading available times…</p>
      ) : (
        <>
          <SlotPicker
            days={days}
            dayKey={day?.key ?? ''}
            time={time}
            onDayChange={(key) => {
              setDayKey(key);
              setChosenTime(null);
            }}
            onTimeChange={setChosenTime}
          />
          <p className={styles.selection} aria-live="polite">
            {day && time ? `Selected: ${formatSlotLabel(day, time)}` : 'No time selected'}
          </p>
          <p className={styles.zone}>Times are in the clinic's time zone ({clinic.timeZone}).</p>
          <button type="button" className={styles.book} disabled={!time || busy} onClick={() => void submit()}>
            {rescheduleId ? (busy ? 'Moving…' : 'Move appointment here') : busy ? 'Booking…' : 'Book Appointment'}
          </button>
        </>
      )}
    </section>
  );
}
