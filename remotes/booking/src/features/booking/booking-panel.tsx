import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import {
  BOOKING_FORM_FIELDS,
  doctorPath,
  doctorSlotPath,
  formatShortDay,
  formatTime,
  generateSlotDays,
  MESSAGES,
  pageKeyOf,
  type Doctor,
} from '@carebook/shared';
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
  /** Why the last booking from the page's form failed (the host's server sent the patient back). */
  notice?: string | null;
  /**
   * The site's doctor's page: Book is also a form the host's server takes, and the days are links
   * to their pages, so both work before the app. Not in an embed on another site's page.
   */
  pageForm?: boolean;
}

/**
 * Slot row + Book button for one doctor. Slots are laid out in the clinic's zone (from the API),
 * never the browser's, so a patient abroad sees the times the clinic will honour.
 */
export function BookingPanel({ doctor, onLoginRequired, onBooked, rescheduleId, initial, onChoose, notice, pageForm = false }: BookingPanelProps): ReactNode {
  const { clinic, renderedAt } = useApp();
  // The page's booking form works on its own (posted to the host's server) until the app has taken
  // the page over; from then on the app books, and Book waits for a time.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  const [shownNotice, setShownNotice] = useState(notice ?? null);
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
    setShownNotice(null);
    setDayKey(choice.slotDate);
    setChosenTime(choice.slotTime);
    onChoose?.(choice);
  }
  // The server's page and this app send one Idempotency-Key for one slot: a tap on Book before the
  // app arrived and another after are one booking (docs/architecture.md, "Booking before the app").
  const pageKey = pageKeyOf(renderedAt);
  const { book, busy } = useBookSlot({ docId: doctor._id, onLoginRequired, onBooked, rescheduleId, pageKey: pageForm && !rescheduleId ? pageKey : '' });
  const { reloadDoctors } = useApp();

  // Picking a day asks for the doctor list again (mostly a 304), so hours that staff changed
  // since this page loaded show before the patient picks a time.
  function chooseDay(key: string): void {
    choose({ slotDate: key, slotTime: null });
    void reloadDoctors();
  }

  async function submit(event?: FormEvent): Promise<void> {
    event?.preventDefault();
    if (!day || !time) return;
    const outcome = await book({ slotDate: day.key, slotTime: time });
    if (outcome === 'booked' || outcome === 'taken') setGone((old) => new Set(old).add(`${day.key} ${time}`));
    // After a booking the page moves on; only a refusal keeps the patient here, choosing again.
    if (outcome === 'booked') setChosenTime(null);
    else if (outcome !== 'login-required') choose({ slotDate: day.key, slotTime: null });
  }

  const headingId = `booking-${doctor._id}`;
  // On the site's doctor's page a booking is also a form the host's server takes (servers/host/booking-form.ts);
  // a move, and a booking in an embed, are the app's alone.
  const formId = pageForm && !rescheduleId ? `book-${doctor._id}` : undefined;
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
              dayHref={formId ? (key) => doctorSlotPath(doctor._id, { slotDate: key }) : undefined}
              form={formId}
            />
            {shownNotice ? (
              <p className={styles.notice} role="alert">
                {shownNotice}
              </p>
            ) : initialGone ? (
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
          {formId ? (
            <form id={formId} className={styles.form} method="post" action={doctorPath(doctor._id)} onSubmit={(event) => void submit(event)}>
              <input type="hidden" name={BOOKING_FORM_FIELDS.slotDate} value={day?.key ?? ''} />
              <input type="hidden" name={BOOKING_FORM_FIELDS.pageKey} value={pageKey} />
              <button type="submit" className={styles.book} disabled={live && (!time || busy)}>
                {busy ? 'Booking…' : 'Book Appointment'}
              </button>
            </form>
          ) : (
            <button type="button" className={styles.book} disabled={!time || busy} onClick={() => void submit()}>
              {rescheduleId ? (busy ? 'Moving…' : 'Move appointment here') : busy ? 'Booking…' : 'Book Appointment'}
            </button>
          )}
        </div>
      ) : null}
    </>
  );
}
