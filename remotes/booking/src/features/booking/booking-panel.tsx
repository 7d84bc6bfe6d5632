import { useMemo, useState, type ReactNode } from 'react';
import { formatShortDay, formatTime, generateSlotDays, MESSAGES, type Doctor } from '@carebook/shared';
import { useApp } from '@carebook/shared/react';
import { SlotPicker } from './slot-picker';
import { useBookSlot, type BookedSlot, type ChosenSlot } from './use-book-slot';
import { useNow } from '@carebook/shared/web';
import styles from './booking-panel.module.css';

/** What the patient has picked so far: a day, and maybe a time on it. */
export interface SlotChoice {
  slotDate: string;
  slotTime: string | null;
}

export interface BookingPanelProps {
  doctor: Doctor;
  onLoginRequired: (slot: ChosenSlot) => void;
  onBooked: (booking: BookedSlot) => void;
  /** Move this appointment to the chosen time instead of booking a new one. */
  rescheduleId?: string;
  /** A choice to start from (kept through login in the page address); ignored when no longer free. */
  initial?: SlotChoice;
  /** Every change of day or time, e.g. to keep it in the page address. */
  onChoose?: (choice: SlotChoice) => void;
}

/**
 * Slot row + Book button for one doctor. Slots are laid out in the clinic's zone (from the API),
 * never the browser's, so a patient abroad sees the times the clinic will honour.
 */
export function BookingPanel({ doctor, onLoginRequired, onBooked, rescheduleId, initial, onChoose }: BookingPanelProps): ReactNode {
  const { clinic } = useApp();
  const now = useNow(30_000);
  // Slots this screen learned are gone (booked here, or refused as taken) before the list reloads.
  const [gone, setGone] = useState<ReadonlySet<string>>(() => new Set());
  const days = useMemo(() => {
    if (!clinic) return [];
    const booked: Record<string, string[]> = { ...doctor.slots_booked };
    for (const slot of gone) {
      const [key = '', time = ''] = slot.split(' ');
      booked[key] = [...(booked[key] ?? []), time];
    }
    return generateSlotDays({ now, timeZone: clinic.timeZone, booked, schedule: doctor.schedule });
  }, [clinic, doctor.slots_booked, doctor.schedule, gone, now]);

  const [dayKey, setDayKey] = useState(initial?.slotDate ?? '');
  const [chosenTime, setChosenTime] = useState<string | null>(initial?.slotTime ?? null);
  // Until the patient picks a day, show the one with the first free time (the card's "Next:").
  const day = days.find((candidate) => candidate.key === dayKey) ?? days.find((candidate) => candidate.times.length > 0) ?? days[0];
  // A time that vanished (taken, passed) is no longer a selection.
  const time = day && chosenTime && day.times.includes(chosenTime) ? chosenTime : null;
  // The time brought back from before login was taken meanwhile: say so instead of dropping it quietly.
  const initialGone = Boolean(initial?.slotTime) && chosenTime === initial?.slotTime && days.length > 0 && !time;

  function choose(choice: SlotChoice): void {
    setDayKey(choice.slotDate);
    setChosenTime(choice.slotTime);
    onChoose?.(choice);
  }
  const { book, busy } = useBookSlot({ docId: doctor._id, onLoginRequired, onBooked, rescheduleId });
  const { reloadDoctors } = useApp();

  // Picking a day asks for the doctor list again (mostly a 304), so hours that staff changed
  // since this page loaded show before the patient picks a time.
  function chooseDay(key: string): void {
    choose({ slotDate: key, slotTime: null });
    void reloadDoctors();
  }

  async function submit(): Promise<void> {
    if (!day || !time) return;
    const outcome = await book({ slotDate: day.key, slotTime: time });
    if (outcome === 'booked' || outcome === 'taken') setGone((old) => new Set(old).add(`${day.key} ${time}`));
    // After a booking the page moves on; only a refusal keeps the patient here, choosing again.
    if (outcome === 'booked') setChosenTime(null);
    else if (outcome !== 'login-required') choose({ slotDate: day.key, slotTime: null });
  }

  const headingId = `booking-${doctor._id}`;
  const ready = doctor.available && clinic;
  return (
    <>
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
              onDayChange={chooseDay}
              onTimeChange={(next) => choose({ slotDate: day?.key ?? '', slotTime: next })}
            />
            {initialGone ? (
              <p className={styles.notice} role="alert">
                {MESSAGES.chosenSlotGone}
              </p>
            ) : null}
            <p className={styles.zone}>Times are in the clinic's time zone ({clinic.timeZone}).</p>
          </>
        )}
      </section>
      {ready ? (
        // Outside the section on purpose: a sticky bar sticks only within its parent, and the
        // page (not this panel) is what a phone shows while the patient scrolls up to the doctor.
        <div className={time ? `${styles.actions} ${styles.chosen}` : styles.actions}>
          <p className={styles.selection} aria-live="polite">
            {day && time ? (
              <>
                <span className={styles.visuallyHidden}>Selected: </span>
                {formatShortDay(day)} · {formatTime(time)}
              </>
            ) : (
              <span className={styles.noSelection}>No time selected</span>
            )}
          </p>
          <button type="button" className={styles.book} disabled={!time || busy} onClick={() => void submit()}>
            {rescheduleId ? (busy ? 'Moving…' : 'Move appointment here') : busy ? 'Booking…' : 'Book Appointment'}
          </button>
        </div>
      ) : null}
    </>
  );
}
