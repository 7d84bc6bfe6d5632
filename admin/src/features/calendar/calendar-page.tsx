import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from '@carebook/shared/router';
import { toast } from '@carebook/shared/toasts';
import { errorMessage, MESSAGES, type AdminAppointmentsReply, type AdminDoctorsReply, type Doctor } from '@carebook/shared';
import { formStyles } from '@carebook/shared/forms';
import { staffRescheduleAppointment } from '../../api/admin-api';
import { LoadError, Loading } from '../../components/load-state';
import { useAdminSession } from '../../session/admin-session';
import { usePageTitle } from '../../hooks/use-page-title';
import { BookDialog } from './book-dialog';
import { buildEvents, clinicNow, dateToSlot, type DeskEvent, freeTimesOf, gridHours, isoDay, STATE_LABELS, type VisitEvent, type VisitState } from './calendar-model';
import { DeskCalendar, type DeskView } from './desk-calendar';
import { useLiveList } from './use-live-list';
import { isMovable, VisitDialog } from './visit-dialog';
import styles from './calendar.module.css';

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

/** Monday of the week of a floating day. */
function weekStart(date: Date): Date {
  return addDays(date, -((date.getDay() + 6) % 7));
}

function parseDay(text: string | null): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text ?? '');
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

const HEADING = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });
const SHORT = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short' });

type Open = { kind: 'book'; doctor: Doctor; slotDate: string; slotTime: string } | { kind: 'visit'; visit: VisitEvent } | null;

const LEGEND: VisitState[] = ['upcoming', 'paid', 'completed', 'missed', 'cancelled'];

/**
 * The desk's calendar: a day with a column per doctor, or a week of one doctor, in the clinic's
 * time zone. Free times open the booking form; a visit opens its details and the Move form, or
 * is dragged to another time. Both lists are polled with their ETags, so another desk's change
 * shows here within a few seconds.
 */
export function CalendarPage(): ReactNode {
  usePageTitle('Calendar');
  const { api, timeZone } = useAdminSession();
  const [params, setParams] = useSearchParams();
  const [tick, setTick] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setTick(Date.now()), 30_000);
    return () => window.clearInterval(timer);
  }, []);
  const today = useMemo(() => {
    const now = clinicNow(new Date(tick), timeZone);
    return new Date(now.getFullYear(), now.getMonth(), now.getDate());
  }, [tick, timeZone]);

  const view: DeskView = params.get('view') === 'week' ? 'week' : 'day';
  // One Date object per shown day, so the calendar's props stay the same between redraws.
  const dateTime = (parseDay(params.get('date')) ?? today).getTime();
  const date = useMemo(() => new Date(dateTime), [dateTime]);
  const showCancelled = params.get('cancelled') === '1';
  const firstDay = view === 'week' ? weekStart(date) : date;
  const lastDay = view === 'week' ? addDays(firstDay, 6) : date;
  // The week of the shown day and the booking window (for free times and the Move form), in one
  // request: switching between the day and the week view, or days within the week, asks nothing new.
  const from = new Date(Math.min(weekStart(date).getTime(), today.getTime()));
  const to = new Date(Math.max(addDays(weekStart(date), 6).getTime(), addDays(today, 7).getTime()));
  const readDoctors = useCallback((reply: AdminDoctorsReply) => reply.doctors, []);
  const readAppointments = useCallback((reply: AdminAppointmentsReply) => reply.appointments, []);
  const doctors = useLiveList('/api/v1/admin/all-doctors', readDoctors);
  const appointments = useLiveList(`/api/v1/admin/appointments?from=${isoDay(from)}&to=${isoDay(to)}`, readAppointments);

  const allDoctors = useMemo(() => doctors.data ?? [], [doctors.data]);
  const doctorId = params.get('doctor') ?? '';
  const weekDoctor = allDoctors.find((d) => d._id === doctorId) ?? allDoctors[0];
  const shownDoctors = useMemo(() => (view === 'week' ? (weekDoctor ? [weekDoctor] : []) : allDoctors), [view, weekDoctor, allDoctors]);
  // The days are new objects each render: the memo keys on their times.
  const [firstTime, lastTime] = [firstDay.getTime(), lastDay.getTime()];
  const events = useMemo(
    () =>
      buildEvents({
        doctors: shownDoctors,
        appointments: appointments.data ?? [],
        now: new Date(tick),
        timeZone,
        firstDay: new Date(firstTime),
        lastDay: new Date(lastTime),
        showCancelled,
      }),
    [shownDoctors, appointments.data, tick, timeZone, firstTime, lastTime, showCancelled],
  );
  const hours = useMemo(() => gridHours(shownDoctors), [shownDoctors]);
  const [open, setOpen] = useState<Open>(null);

  const refresh = useCallback(() => {
    void appointments.refresh();
  }, [appointments]);

  function change(next: Record<string, string | null>): void {
    const search = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null || value === '') search.delete(key);
      else search.set(key, value);
    }
    setParams(search, { replace: true });
  }

  const onOpen = useCallback(
    (event: DeskEvent) => {
      if (event.kind === 'visit') {
        setOpen({ kind: 'visit', visit: event });
        return;
      }
      const doctor = allDoctors.find((d) => d._id === event.resourceId);
      if (doctor) setOpen({ kind: 'book', doctor, slotDate: event.slotDate, slotTime: event.slotTime });
    },
    [allDoctors],
  );

  const onDrop = useCallback(
    (event: DeskEvent, start: Date, toDoctor: string | null) => {
      if (event.kind !== 'visit') return;
      if (toDoctor !== null && toDoctor !== event.resourceId) {
        toast.error('A visit moves to another time of its own doctor. To change the doctor, cancel it and book the caller again.');
        return;
      }
      const slot = dateToSlot(start);
      if (slot.slotDate === event.slotDate && slot.slotTime === event.slotTime) return;
      staffRescheduleAppointment(api, { appointmentId: event.id, ...slot }).then(
        (reply) => {
          toast.success(reply.message);
          refresh();
        },
        (error: unknown) => toast.error(errorMessage(error, MESSAGES.unexpectedError)),
      );
    },
    [api, refresh],
  );

  const canDrag = useCallback((event: DeskEvent) => event.kind === 'visit' && isMovable(event), []);
  const getNow = useCallback(() => clinicNow(new Date(), timeZone), [timeZone]);

  const title =
    view === 'day'
      ? HEADING.format(date)
      : `${weekDoctor?.name ?? ''}: week of ${SHORT.format(firstDay)} to ${SHORT.format(lastDay)} ${lastDay.getFullYear()}`;
  const step = view === 'week' ? 7 : 1;
  const visits = events.filter((e) => e.kind === 'visit').length;
  const free = events.length - visits;
  const error = doctors.error ?? appointments.error;

  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>Calendar</h1>
        <p className={styles.zone}>Times in the clinic&apos;s time zone ({timeZone}). Updates by itself every few seconds.</p>
      </div>
      <div className={styles.toolbar}>
        <div className={styles.group} role="group" aria-label="Days shown">
          <button type="button" className={formStyles.secondary} onClick={() => change({ date: isoDay(addDays(date, -step)) })}>
            {view === 'week' ? 'Previous week' : 'Previous day'}
          </button>
          <button type="button" className={formStyles.secondary} onClick={() => change({ date: null })}>
            Today
          </button>
          <button type="button" className={formStyles.secondary} onClick={() => change({ date: isoDay(addDays(date, step)) })}>
            {view === 'week' ? 'Next week' : 'Next day'}
          </button>
        </div>
        <div className={styles.group} role="group" aria-label="View">
          <button type="button" className={formStyles.secondary} aria-pressed={view === 'day'} onClick={() => change({ view: null })}>
            Day, all doctors
          </button>
          <button type="button" className={formStyles.secondary} aria-pressed={view === 'week'} onClick={() => change({ view: 'week' })}>
            Week, one doctor
          </button>
        </div>
        {view === 'week' && (
          <div className={styles.inline}>
            <label htmlFor="calendar-doctor">Doctor</label>
            <select
              id="calendar-doctor"
              className={formStyles.input}
              value={weekDoctor?._id ?? ''}
              onChange={(event) => change({ doctor: event.target.value })}
            >
              {allDoctors.map((doctor) => (
                <option key={doctor._id} value={doctor._id}>
                  {doctor.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <label className={styles.inline}>
          <input type="checkbox" checked={showCancelled} onChange={(event) => change({ cancelled: event.target.checked ? '1' : null })} /> Show
          cancelled
        </label>
      </div>
      <h2 className={styles.range}>{title}</h2>
      <p className={styles.count} role="status">
        {appointments.data ? `${visits} visit${visits === 1 ? '' : 's'}, ${free} free time${free === 1 ? '' : 's'} shown` : ''}
      </p>
      <ul className={styles.legend} aria-label="Legend">
        {LEGEND.map((state) => (
          <li key={state}>
            <span className={`${styles.swatch} desk-${state}`} aria-hidden="true" /> {STATE_LABELS[state]}
          </li>
        ))}
        <li>
          <span className={`${styles.swatch} desk-free`} aria-hidden="true" /> Free time (choose it to book)
        </li>
        <li>
          <span className={`${styles.swatch} ${styles.offSwatch}`} aria-hidden="true" /> Not working
        </li>
      </ul>
      {error && <LoadError message={error} onRetry={refresh} />}
      {!doctors.data || !appointments.data ? (
        !error && <Loading label="Loading the calendar..." />
      ) : (
        <div className={styles.scroller}>
          <div className={styles.grid} style={{ minWidth: view === 'day' ? `${Math.max(1, shownDoctors.length) * 9 + 4}rem` : '44rem' }}>
            <DeskCalendar
              view={view}
              date={date}
              doctors={shownDoctors}
              events={events}
              timeZone={timeZone}
              hours={hours}
              now={getNow}
              onOpen={onOpen}
              onDrop={onDrop}
              canDrag={canDrag}
            />
          </div>
        </div>
      )}
      <p className={styles.keys}>
        Keyboard: Tab to a time or a visit and press Enter. A free time opens the booking form; a visit opens its details and the Move form.
        With a mouse, drag a visit to another time of its doctor.
      </p>
      {open?.kind === 'book' && (
        <BookDialog doctor={open.doctor} slotDate={open.slotDate} slotTime={open.slotTime} onClose={() => setOpen(null)} onBooked={refresh} />
      )}
      {open?.kind === 'visit' && (
        <VisitDialog
          visit={open.visit}
          freeTimes={(() => {
            const doctor = allDoctors.find((d) => d._id === open.visit.resourceId);
            return doctor ? freeTimesOf(doctor, appointments.data ?? [], new Date(), timeZone) : [];
          })()}
          onClose={() => setOpen(null)}
          onMoved={refresh}
        />
      )}
    </>
  );
}

